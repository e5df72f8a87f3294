/**
 * The addresses of the pages outside the app (support chat, news channel, FAQ, help, terms): set on the server by
 * SUPPORT_URL, NEWS_URL, FAQ_URL, HELP_URL and TERMS_URL, answered by GET /api/v2/links, with these defaults on both
 * sides. The payout and bot-connection help pages live under the help address.
 */
export interface LinkSettings {
  readonly support: string;
  readonly news: string;
  readonly faq: string;
  readonly help: string;
  readonly terms: string;
}

export const DEFAULT_LINK_SETTINGS: LinkSettings = {
  support: 'https://t.me/BackersSupport',
  news: 'https://t.me/BackersNews',
  faq: 'https://backers.app/faq',
  help: 'https://backers.app/help',
  terms: 'https://backers.app/terms',
};

export const LINK_SETTING_NAMES = Object.keys(DEFAULT_LINK_SETTINGS) as readonly (keyof LinkSettings)[];

/** An absolute http(s) address without a trailing slash, or null. */
export function linkAddress(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return null;
  return value.replace(/\/+$/, '');
}

/** The valid settings of an answer, each missing or malformed one left at the default. */
export function readLinkSettings(body: unknown): LinkSettings {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(
    LINK_SETTING_NAMES.map((name) => [name, linkAddress(source[name]) ?? DEFAULT_LINK_SETTINGS[name]]),
  ) as unknown as LinkSettings;
}
