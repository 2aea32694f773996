export { encodeCursor, decodeCursor, toPage, type Page, type CursorScope, type CursorPosition } from './cursor';
export {
  DEFAULT_LIMIT, MAX_LIMIT, MAX_CURSOR_LENGTH, MAX_SEARCH_LENGTH, LimitSchema, CursorSchema, SearchSchema, pageSize, pageSizeForCost, searchTerm,
} from './limits';
