export { encodeCursor, decodeCursor, clampLimit, DEFAULT_LIMIT, MAX_LIMIT, type Page, type CursorScope } from './cursor';
