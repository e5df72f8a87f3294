/**
 * Pages outside the app that the dashboard, verification and bot-connection screens open through the platform
 * port (the spec names them, not their addresses: decided here). t.me links open inside the messenger.
 */
import type { Links } from '../../application/ports/Links';
import type { PlatformName } from '../../application/ports/MessengerPlatform';

export interface ExternalLink {
  readonly url: string;
  /** A t.me link: opened with openTelegramLink, everything else with openLink. */
  readonly telegram: boolean;
}

const web = (url: string): ExternalLink => ({ url, telegram: false });
const telegram = (url: string): ExternalLink => ({ url, telegram: true });

export const EXTERNAL_LINKS = {
  support: telegram('https://t.me/BackersSupport'),
  news: telegram('https://t.me/BackersNews'),
  faq: web('https://backers.app/faq'),
  help: web('https://backers.app/help'),
  terms: web('https://backers.app/terms'),
  /** Payout dates, minimums and arrival times. */
  payouts: web('https://backers.app/help/payouts'),
} as const;

/** The how-to page for adding the bot as a channel admin, per platform family. */
export function connectBotHowTo(platform: PlatformName): ExternalLink {
  if (platform === 'ios' || platform === 'macos') return web('https://backers.app/help/connect-bot/ios');
  if (platform === 'android' || platform === 'android_x') return web('https://backers.app/help/connect-bot/android');
  return web('https://backers.app/help/connect-bot/desktop');
}

/** Opens a link through the links port. */
export function openExternal(links: Links, link: ExternalLink): void {
  if (link.telegram) links.openTelegramLink(link.url);
  else links.openLink(link.url);
}
