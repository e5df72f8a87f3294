/**
 * Stands in for axios's option validator in the app build (vite.config.ts aliases it here): it re-checks the types of
 * options the app sets once, in code (ApiClient), and only throws or warns for a developer's mistake. Jest runs the
 * real validator, so such a mistake still fails the tests; the browser need not check again (0.5 kB gzip).
 */
const accept = (): true => true;
const validators = { boolean: accept, function: accept, transitional: () => accept, spelling: () => accept };

export default { assertOptions: (): void => undefined, validators };
