import type { ToastStore } from '../../toasts/ToastStore';

/** /uikit: the component showcase; its toast buttons show each kind of toast. */
export class UikitViewModel {
  constructor(readonly toasts: ToastStore) {}

  dispose(): void {}
}
