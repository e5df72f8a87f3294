import type { MessengerPlatform } from './MessengerPlatform';

/** Opening pages outside the app: t.me links inside the messenger, the rest in the browser. */
export type Links = Pick<MessengerPlatform, 'openLink' | 'openTelegramLink'>;
