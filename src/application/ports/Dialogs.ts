import type { MessengerPlatform } from './MessengerPlatform';

/** The host's native popups, for view models that confirm before acting or alert after. */
export type Dialogs = Pick<MessengerPlatform, 'showPopup' | 'showAlert' | 'showConfirm'>;
