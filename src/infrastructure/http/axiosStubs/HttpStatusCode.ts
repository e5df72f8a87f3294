/**
 * Stands in for axios's `HttpStatusCode` table in the app build (vite.config.ts aliases it here): axios only hangs
 * it on its default export as `axios.HttpStatusCode`, which the app never reads (0.5 kB gzip of the first screen).
 */
export default {};
