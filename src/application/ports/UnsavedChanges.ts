import type { MessengerPlatform } from './MessengerPlatform';

/** Keeps the host from closing the app over a form with unsaved changes (closing confirmation, no swipe to close). */
export type UnsavedChanges = Pick<MessengerPlatform, 'protectUnsavedChanges'>;
