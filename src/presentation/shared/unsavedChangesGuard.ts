import { reaction } from 'mobx';
import type { UnsavedChanges } from '../../application/ports/UnsavedChanges';

/**
 * Tells the host whenever `hasUnsavedChanges` flips, so closing the app asks first and swipes don't close it while a
 * form holds changes (spec: no lost drafts). The returned release clears the guard: call it when the form is left.
 */
export function guardUnsavedChanges(port: UnsavedChanges, hasUnsavedChanges: () => boolean): () => void {
  let guarded = false;
  const stop = reaction(
    hasUnsavedChanges,
    (unsaved) => {
      guarded = unsaved;
      port.protectUnsavedChanges(unsaved);
    },
    { fireImmediately: false },
  );
  return () => {
    stop();
    if (guarded) port.protectUnsavedChanges(false);
    guarded = false;
  };
}
