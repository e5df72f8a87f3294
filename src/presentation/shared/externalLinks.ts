/**
 * Pages outside the app that the dashboard, verification and bot-connection screens open through the platform
 * port (the spec names them, not their addresses: the server's configuration decides, src/domain/links.ts). t.me
 * links open inside the messenger.
 */
import type { Links } from '../../application/ports/Links';
import type { PlatformName } from '../../application/ports/MessengerPlatform';
import { DEFAULT_LINK_SETTINGS, type LinkSettings } from '../../domain/links';

export interface ExternalLink {
  readonly url: string;
  /** A t.me link: opened with openTelegramLink, everything else with openLink. */
  readonly telegram: boolean;
}

const web = (url: string): ExternalLink => ({ url, telegram: false });
/** t.me addresses open inside the messenger, everything else in the browser. */
const link = (url: string): ExternalLink => ({ url, telegram: /^https:\/\/t\.me\//i.test(url) });

/** The server's addresses (GET /links) once read; the defaults until then. */
let settings: LinkSettings = DEFAULT_LINK_SETTINGS;

/** Takes the server's addresses (main.tsx reads them after the first screen). */
export function applyLinkSettings(next: LinkSettings): void {
  settings = next;
}

/** Read when a link opens, so the server's addresses apply as soon as they arrive. */
export const EXTERNAL_LINKS = {
  get support() {
    return link(settings.support);
  },
  get news() {
    return link(settings.news);
  },
  get faq() {
    return link(settings.faq);
  },
  get help() {
    return link(settings.help);
  },
  get terms() {
    return link(settings.terms);
  },
  /** Payout dates, minimums and arrival times. */
  get payouts() {
    return link(`${settings.help}/payouts`);
  },
};

/** The how-to page for adding the bot as a channel admin, per platform family. */
export function connectBotHowTo(platform: PlatformName): ExternalLink {
  if (platform === 'ios' || platform === 'macos') return web(`${settings.help}/connect-bot/ios`);
  if (platform === 'android' || platform === 'android_x') return web(`${settings.help}/connect-bot/android`);
  return web(`${settings.help}/connect-bot/desktop`);
}

/** Opens a link through the links port. */
export function openExternal(links: Links, link: ExternalLink): void {
  if (link.telegram) links.openTelegramLink(link.url);
  else links.openLink(link.url);
}
