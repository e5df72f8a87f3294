/**
 * Stands in for axios's progress-event helpers in the app build (vite.config.ts aliases `progressEventReducer` here):
 * the XMLHttpRequest adapter uses them only for `onUploadProgress` / `onDownloadProgress`, which the ApiClient never
 * passes. Should anything ever ask for progress events, this says so instead of silently reporting none.
 */
function unsupported(): never {
  throw new Error('The app build does not report request progress with axios (src/infrastructure/http/axiosStubs).');
}

export const progressEventReducer = unsupported;
export const progressEventDecorator = unsupported;
export const asyncDecorator = unsupported;
