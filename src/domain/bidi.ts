/**
 * Unicode's direction controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks
 * (U+200E, U+200F, U+061C). In a name or title a user chose they can make the text around it read backwards
 * ("‮txt.exe" shows as "exe.txt"), so they are removed wherever user text meets other text: the bot's messages
 * and posts, and the share page.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
