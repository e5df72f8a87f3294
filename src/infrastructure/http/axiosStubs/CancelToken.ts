/**
 * Stands in for axios's legacy `CancelToken` in the app build (vite.config.ts aliases it here): axios only hangs it
 * on its default export as `axios.CancelToken`; the app cancels with an AbortSignal (`RequestOptions.signal`).
 */
export default undefined;
