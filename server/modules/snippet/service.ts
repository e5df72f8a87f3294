/** The snippet page of a subscription (page.ts) for one request: found and published, or the 404 page. */
import type { AppDeps } from '../../context';
import { miniAppLink } from '../bot/BotGateway';
import { findSnippetSubscription } from './repository';
import { snippetLanguage, snippetNotFoundPage, snippetPage } from './page';

export const SNIPPET_PATH = '/snippet/subscription';

export async function subscriptionSnippet(
  deps: Pick<AppDeps, 'db' | 'config' | 'botProfile'>,
  rawId: string,
  acceptLanguage: string | undefined,
): Promise<{ readonly found: boolean; readonly html: string }> {
  // Any id that is not a plain positive integer is simply not a subscription: the same 404 page.
  const id = /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : null;
  const found = id === null || !Number.isSafeInteger(id) ? null : await findSnippetSubscription(deps.db, id);
  if (found === null) return { found: false, html: snippetNotFoundPage(snippetLanguage(acceptLanguage, undefined)) };
  const html = snippetPage(found, snippetLanguage(acceptLanguage, found.channelLanguage), {
    pageUrl: `${deps.config.publicUrl}${SNIPPET_PATH}/${found.id}`,
    openUrl: miniAppLink(deps.botProfile.username, deps.config.appName, `subscription_${found.id}`),
  });
  return { found: true, html };
}
