/**
 * Stands in for axios's form serialisers in the app build (vite.config.ts aliases `toFormData` and
 * `AxiosURLSearchParams` here): axios uses them for query parameters passed as `params` and for multipart or
 * url-encoded bodies; the ApiClient writes its query itself and sends JSON. Should anything ever ask for them, this
 * says so instead of sending a wrong request.
 */
export default function unsupported(): never {
  throw new Error('The app build does not serialise forms or params with axios (src/infrastructure/http/axiosStubs).');
}
