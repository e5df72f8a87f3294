/**
 * Stands in for axios's FormData-to-JSON conversion in the app build (vite.config.ts aliases it here): axios runs it
 * only for a FormData body sent as JSON (and for `axios.formToJSON`); the app sends plain objects. Should a FormData
 * body ever be sent, this says so instead of sending a wrong body.
 */
export default function formDataToJSON(): never {
  throw new Error('The app build does not convert FormData bodies to JSON (src/infrastructure/http/axiosStubs).');
}
