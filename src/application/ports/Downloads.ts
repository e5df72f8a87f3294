import type { MessengerPlatform } from './MessengerPlatform';

/** Saving a file the server offers at a link (the revenue CSV). */
export type Downloads = Pick<MessengerPlatform, 'downloadFile'>;
