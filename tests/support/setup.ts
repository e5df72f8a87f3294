// jsdom lacks performance.getEntriesByType, which the messenger SDK reads during init().
if (
  typeof performance !== 'undefined' &&
  typeof (performance as { getEntriesByType?: unknown }).getEntriesByType !== 'function'
) {
  (performance as unknown as { getEntriesByType: () => unknown[] }).getEntriesByType = () => [];
}
