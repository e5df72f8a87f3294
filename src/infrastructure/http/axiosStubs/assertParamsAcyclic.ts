/**
 * Stands in for axios's cycle check of a merged request config in the app build (vite.config.ts aliases it here): it
 * guards `params` and option objects against circular references, a developer's mistake. The app's configs are the
 * ApiClient's plain objects without params (it writes its query itself), its bodies go through JSON.stringify, which
 * refuses cycles anyway, and Jest runs the real check, so the browser need not walk every config again.
 */
export default function assertParamsAcyclic(): void {
  // Nothing to check: see above.
}
