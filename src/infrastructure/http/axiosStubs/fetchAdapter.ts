/**
 * Stands in for axios's fetch adapter in the app build (vite.config.ts aliases it here): in a browser axios takes
 * its XMLHttpRequest adapter first, so the fetch adapter (4 kB gzip with its helpers) never runs.
 * `getFetch` answering undefined makes axios report the adapter as unsupported should anything ever ask for it.
 */
export const getFetch = (): undefined => undefined;
export default undefined;
