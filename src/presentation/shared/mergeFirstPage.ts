/**
 * A list shown again (Back) brought up to date from a fresh first page without losing the user's place: rows shown
 * already take their new values, and rows that are new come in where the list puts them: at the top of a
 * newest-first list, at the end of an oldest-first one once every page is loaded (else with its next page).
 */
export function mergeFirstPage<T extends { readonly id: number }>(
  shown: readonly T[],
  first: readonly T[],
  order: 'newest-first' | 'oldest-first',
  allLoaded: boolean,
): T[] {
  const byId = new Map(first.map((item) => [item.id, item]));
  const kept = shown.map((item) => byId.get(item.id) ?? item);
  const known = new Set(shown.map((item) => item.id));
  const added = first.filter((item) => !known.has(item.id));
  if (order === 'newest-first') return [...added, ...kept];
  return allLoaded ? [...kept, ...added] : kept;
}
