import type { Cursor, Page } from '../../application/ports/Page';
import { RepositoryError } from '../../application/ports/RepositoryError';

/** Cursors are opaque to callers; here they encode the offset of the next item. */
const CURSOR = /^o(\d+)$/;

export function paginate<T>(items: readonly T[], startFrom: Cursor, pageSize: number): Page<T> {
  let offset = 0;
  if (startFrom !== null) {
    const match = CURSOR.exec(startFrom);
    if (match === null) throw new RepositoryError('validation_error', 'Invalid cursor', { field: 'startFrom' });
    offset = Number(match[1]);
  }
  const end = offset + pageSize;
  return { items: items.slice(offset, end), nextFrom: end < items.length ? `o${end}` : null };
}
