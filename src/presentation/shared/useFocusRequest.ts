import { useEffect } from 'react';

type Focusable = { focus(): void } | null;

/**
 * Focuses the field a form's view model asks for (the first invalid one after a failed submit), once per request.
 * `refs` maps each field to the ref of its control; returns them for the screen to attach.
 */
export function useFocusRequest<F extends string, R extends Record<F, { readonly current: Focusable }>>(
  request: { readonly field: F } | null,
  refs: R,
): R {
  useEffect(() => {
    if (request !== null) refs[request.field].current?.focus();
    // The refs object is rebuilt each render but its refs are stable: only a new request focuses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  return refs;
}
