/** Opaque paging cursor; null means "from the start" in a request and "no more pages" in an answer. */
export type Cursor = string | null;

/** One page of a cursor-paged list (spec section 7: `startFrom` in, `nextFrom` out). */
export interface Page<T> {
  readonly items: readonly T[];
  /** Cursor of the next page; null on the last page. */
  readonly nextFrom: Cursor;
}
