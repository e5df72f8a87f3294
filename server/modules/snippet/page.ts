/**
 * The public snippet page of a subscription (spec section 7: /snippet/subscription/{id}): a server-rendered page to
 * share a subscription outside the messenger, with Open Graph tags for link previews and an "Open in Telegram" link
 * to the mini-app's startapp link. No scripts (the CSP allows none inline); every value is HTML-escaped.
 * Languages: every page locale of the app (texts.ts), picked by Accept-Language, else the channel's language, else
 * English; right to left where the language is.
 */
import { stripBidiControls } from '../../../src/domain/bidi';
import { formatMoney } from '../../../src/domain/format-light';
import { money } from '../../../src/domain/money';
import { offeredLanguage, textDirection } from '../../../src/domain/languages';
import type { SnippetSubscription } from './repository';
import { SNIPPET_LANGUAGES, type SnippetLanguage, snippetTexts } from './texts';

/** The first Accept-Language entry (by q) that is one of the page locales, else `fallback`'s, else English. */
export function snippetLanguage(acceptLanguage: string | undefined, fallback: string | undefined): SnippetLanguage {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return {
        language: offeredLanguage(tag, SNIPPET_LANGUAGES),
        q: q === undefined ? 1 : Number(q.slice(2)) || 0,
        index,
      };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (
    wanted.find((entry) => entry.language !== null)?.language ?? offeredLanguage(fallback, SNIPPET_LANGUAGES) ?? 'en'
  );
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f1f4;color:#111}
main{max-width:480px;margin:0 auto;padding:32px 20px}
.card{background:#fff;border-radius:16px;padding:24px}
h1{font-size:22px;margin:0 0 4px}
.channel{color:#666;margin:0 0 16px}
.price{font-size:20px;font-weight:600;margin:0 0 16px}
.description{white-space:pre-wrap;margin:0 0 24px}
.open{display:block;text-align:center;background:#2481cc;color:#fff;border-radius:12px;padding:14px;font-weight:600;text-decoration:none}
@media (prefers-color-scheme:dark){body{background:#18181b;color:#eee}.card{background:#232326}.channel{color:#aaa}}`;

function document(language: SnippetLanguage, title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" dir="${textDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SnippetLinks {
  /** The page's own absolute address (og:url). */
  readonly pageUrl: string;
  /** The mini-app's startapp link for this subscription. */
  readonly openUrl: string;
}

/** The page of a published subscription. */
export function snippetPage(given: SnippetSubscription, language: SnippetLanguage, links: SnippetLinks): string {
  // The creator's texts meet ours here: without direction controls (src/domain/bidi.ts).
  const subscription: SnippetSubscription = {
    ...given,
    name: stripBidiControls(given.name),
    description: stripBidiControls(given.description),
    channelTitle: stripBidiControls(given.channelTitle),
  };
  const texts = snippetTexts(language);
  const price = fill(texts.period[subscription.period], {
    price: formatMoney(money(subscription.priceMinor, subscription.currency)),
  });
  const channel = fill(texts.inChannel, { channel: subscription.channelTitle });
  const summary =
    subscription.description.trim() === '' ? `${price}. ${channel}` : `${price}. ${subscription.description}`;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">\n`;
  const head =
    `<meta name="description" content="${escapeHtml(summary)}">\n` +
    meta('og:type', 'website') +
    meta('og:site_name', 'Backers') +
    meta('og:title', subscription.name) +
    meta('og:description', summary) +
    meta('og:url', links.pageUrl) +
    meta('og:locale', language) +
    // Subscriptions carry no image of their own (the schema has none), so there is no og:image.
    `<meta name="twitter:card" content="summary">\n`;
  const body = `<article class="card">
<h1>${escapeHtml(subscription.name)}</h1>
<p class="channel">${escapeHtml(channel)}</p>
<p class="price">${escapeHtml(price)}</p>
<p class="description">${escapeHtml(subscription.description)}</p>
<a class="open" href="${escapeHtml(links.openUrl)}">${escapeHtml(texts.open)}</a>
</article>`;
  return document(language, `${subscription.name} · ${subscription.channelTitle}`, head, body);
}

/** The 404 page of an unknown, deleted or unpublished subscription. */
export function snippetNotFoundPage(language: SnippetLanguage): string {
  const texts = snippetTexts(language);
  return document(
    language,
    texts.notFoundTitle,
    '<meta name="robots" content="noindex">\n',
    `<article class="card">
<h1>${escapeHtml(texts.notFoundTitle)}</h1>
<p>${escapeHtml(texts.notFoundText)}</p>
</article>`,
  );
}
