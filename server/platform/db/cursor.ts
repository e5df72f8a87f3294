/**
 * Keyset pagination: lists are ordered newest first by (created_at, id), and a cursor is the opaque base64url of the
 * last row's position. Pages never skip or repeat rows when new rows arrive, and each page is one index range scan.
 */
import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { validationError } from '../errors';

export const PAGE_SIZE = 20;
/**
 * The first page of each of two lists one answer opens a screen with (the dashboard's, the channel page's, the
 * subscription page's member groups): together about one page of rows, each a screenful, the second mostly below the
 * first or behind a tab; the app asks for more as the user scrolls.
 */
export const PAIRED_PAGE_SIZE = PAGE_SIZE / 2;

/** A position's time for "never" (a membership without expiry): the latest time a Date holds. */
export const END_OF_TIME_MS = 8_640_000_000_000_000;

export interface CursorPosition {
  /** created_at in epoch ms (or the time the list is ordered by; END_OF_TIME_MS: never). */
  readonly t: number;
  readonly id: number;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.t, position.id])).toString('base64url');
}

/** Reads a client's cursor; null/undefined/'' is the first page. Anything malformed is a validation error. */
export function decodeCursor(raw: string | null | undefined, field = 'startFrom'): CursorPosition | null {
  if (raw === null || raw === undefined || raw === '') return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed.every((part) => Number.isSafeInteger(part) && part >= 0)
    ) {
      return { t: parsed[0] as number, id: parsed[1] as number };
    }
  } catch {
    // fall through
  }
  throw validationError(field, `${field} is not a cursor this server issued`);
}

/** `(created_at, id) < (cursor)`: the rows after the cursor in newest-first order. */
export function afterCursor(createdAt: PgColumn, id: PgColumn, cursor: CursorPosition | null): SQL | undefined {
  if (cursor === null) return undefined;
  const at = new Date(cursor.t);
  return or(lt(createdAt, at), and(eq(createdAt, at), lt(id, cursor.id)));
}

/** Splits a fetch of PAGE_SIZE + 1 rows into the page and the next cursor. */
export function toPage<T>(
  rows: readonly T[],
  position: (row: T) => CursorPosition,
  size = PAGE_SIZE,
): { items: T[]; nextFrom: string | null } {
  if (rows.length <= size) return { items: [...rows], nextFrom: null };
  const items = rows.slice(0, size);
  return { items, nextFrom: encodeCursor(position(items[items.length - 1]!)) };
}
