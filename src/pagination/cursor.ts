import { hash, hkdfSync } from 'node:crypto';
import type { Config } from '../config';
import { DomainError } from '../errors';
import { safeEqual } from '../security/tokens';
import { MAX_CURSOR_LENGTH, TOO_LONG_CURSOR } from './limits';

/**
 * Opaque, tamper-evident keyset cursors. A cursor carries only the position of the last row it
 * returned; an HMAC binds it to the tenant, the list and the filter, so that a cursor that was edited,
 * comes from another tenant, or is replayed with other filters is rejected (400) instead of leaking
 * or skipping rows. Keys derive from SECRETS_KEY: the first signs, every key verifies (rotation).
 */
export interface CursorScope {
  orgId: string;
  /** The list, e.g. `cases`, `documents`, `decisions:<casePk>`. */
  list: string;
  /** The filters that shape the list; canonicalised (sorted keys) before signing. */
  filter: Record<string, unknown>;
}

export type CursorPosition = (string | number)[];

/** A cursor key as HMAC-SHA256 pads it (RFC 2104): the key XOR ipad and XOR opad, one 64-byte block each. */
interface MacKey {
  inner: Buffer;
  outer: Buffer;
}

const keyCache = new WeakMap<Config['secretsKeys'], MacKey[]>();

function macKey(key: Buffer): MacKey {
  const inner = Buffer.alloc(64, 0x36);
  const outer = Buffer.alloc(64, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i]! ^= key[i]!;
    outer[i]! ^= key[i]!;
  }
  return { inner, outer };
}

function cursorKeys(keys: Config['secretsKeys']): MacKey[] {
  let derived = keyCache.get(keys);
  if (!derived) {
    derived = keys.map((k) => macKey(Buffer.from(hkdfSync('sha256', k.key, Buffer.alloc(0), 'svc pagination cursor v1', 32))));
    keyCache.set(keys, derived);
  }
  return derived;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a cursor's MAC covers before its payload: the tenant, the list and the canonical filter. */
const scopePrefix = (scope: CursorScope) => `${scope.orgId}\n${scope.list}\n${canonical(scope.filter)}\n`;

/**
 * HMAC-SHA256 of the scope and payload, base64url: the same value as createHmac's, computed as its two
 * one-shot hashes over the padded key (a page of 50 edge cursors signs 50 times; createHmac's object and
 * key set-up per call made that a tenth of the console list's time).
 */
function mac(key: MacKey, scope: CursorScope, payload: string, prefix = scopePrefix(scope)): string {
  const inner = hash('sha256', Buffer.concat([key.inner, Buffer.from(`${prefix}${payload}`)]), 'buffer');
  return hash('sha256', Buffer.concat([key.outer, inner]), 'base64url');
}

/** A cursor pointing just after `position` in the list `scope`. */
export function encodeCursor(config: Config, scope: CursorScope, position: CursorPosition): string {
  return cursorEncoder(config, scope)(position);
}

/** encodeCursor for many positions of one list: the key and the scope's canonical form are computed once. */
function cursorEncoder(config: Config, scope: CursorScope): (position: CursorPosition) => string {
  const key = cursorKeys(config.secretsKeys)[0]!;
  const prefix = scopePrefix(scope);
  return (position) => {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${mac(key, scope, payload, prefix)}`;
  };
}

function invalid(): DomainError {
  return DomainError.validation([{ path: 'cursor', message: 'is not a cursor of this list; pass back nextCursor verbatim with the same filters' }]);
}

/**
 * The position a cursor points after; throws validation_failed (400) when it is malformed, altered,
 * or belongs to another tenant, list or filter, and (with the words of the doors' schemas) when it is
 * longer than MAX_CURSOR_LENGTH. `shape` checks each element's type.
 */
export function decodeCursor(config: Config, scope: CursorScope, cursor: string, shape: ('int' | 'string')[]): CursorPosition {
  if (cursor.length > MAX_CURSOR_LENGTH) throw DomainError.validation([{ path: 'cursor', message: TOO_LONG_CURSOR }]);
  const dot = cursor.indexOf('.');
  if (dot <= 0) throw invalid();
  const payload = cursor.slice(0, dot);
  const signature = cursor.slice(dot + 1);
  if (!cursorKeys(config.secretsKeys).some((key) => safeEqual(mac(key, scope, payload), signature))) throw invalid();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(position) || position.length !== shape.length) throw invalid();
  shape.forEach((type, i) => {
    const v = position[i];
    const ok = type === 'int' ? Number.isSafeInteger(v) && (v as number) >= 0 : typeof v === 'string';
    if (!ok) throw invalid();
  });
  return position as CursorPosition;
}

/** The list envelope of the contract. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
  /**
   * The cursor after row `index` of `data` (a Relay connection's edge cursors), signed when called: a client
   * that selects no edge cursor costs no signature. Only when toPage is asked for them (edgeCursors).
   */
  cursorAt?: (index: number) => string;
}

/**
 * Builds a page from `limit + 1` fetched rows: the extra row only says whether there is more. With
 * `edgeCursors`, the page can also give the cursor after each row (`cursorAt`, signed on demand).
 */
export function toPage<R, T>(
  config: Config, scope: CursorScope, rows: R[], limit: number, position: (row: R) => CursorPosition, map: (row: R) => T,
  options: { edgeCursors?: boolean } = {},
): Page<T> {
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  const page: Page<T> = {
    data: shown.map(map),
    nextCursor: hasMore && last !== undefined ? encodeCursor(config, scope, position(last)) : null,
    hasMore,
  };
  if (options.edgeCursors) {
    let encode: ((position: CursorPosition) => string) | undefined;
    const lastIndex = shown.length - 1;
    page.cursorAt = (index) => {
      const row = shown[index];
      if (row === undefined) throw new RangeError(`no row ${index} on this page`);
      // The last row's cursor is nextCursor when more follows (the same bytes): signed once.
      if (index === lastIndex && page.nextCursor !== null) return page.nextCursor;
      encode ??= cursorEncoder(config, scope);
      return encode(position(row));
    };
  }
  return page;
}
