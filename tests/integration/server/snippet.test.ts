/**
 * GET /snippet/subscription/{id} (spec section 7's snippet link): the public share page of a published subscription
 * with Open Graph tags and the startapp link; 404 page for unknown, unpublished or deleted ones; HTML-escaped;
 * in the app's page locales by Accept-Language, else the channel's; served under the app's CSP (no inline script).
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import { SNIPPET_LANGUAGES } from '../../../server/modules/snippet/texts';
import { subscriptions } from '../../../server/platform/db/schema';
import { type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
let weeklyId: number;
let unpublishedId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const rows = await server.database.db.select().from(subscriptions);
  weeklyId = rows.find((row) => row.name === 'Weekly Subscription' && row.publishedPostId !== null)!.id;
  unpublishedId = rows.find((row) => row.publishedPostId === null && !row.deleted)!.id;
});
afterAll(async () => server.close());

async function page(id: string | number, acceptLanguage?: string) {
  const response = await fetch(`${server.baseUrl}/snippet/subscription/${id}`, {
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

test('a published subscription: title, price, description, Open Graph tags and the Open in Telegram link', async () => {
  const { status, headers, html } = await page(weeklyId, 'en-US,en;q=0.9');
  expect(status).toBe(200);
  expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(html).not.toContain('<script');
  expect(html).toContain('<h1>Weekly Subscription</h1>');
  expect(html).toContain('250\u00a0₽ per week');
  expect(metaContent(html, 'og:title')).toBe('Weekly Subscription');
  expect(metaContent(html, 'og:description')).toMatch(/^250\u00a0₽ per week\. /);
  expect(metaContent(html, 'og:url')).toBe(`${server.config.publicUrl}/snippet/subscription/${weeklyId}`);
  expect(metaContent(html, 'og:image')).toBeUndefined(); // subscriptions have no image
  expect(html).toContain(
    `<a class="open" href="https://t.me/${server.config.botUsername}/${server.config.appName}?startapp=subscription_${weeklyId}">Open in Telegram</a>`,
  );
});

test("localized by Accept-Language among the app's page locales, else in the channel language; right to left in Arabic", async () => {
  expect((await page(weeklyId, 'ru-RU,ru;q=0.9,en;q=0.8')).html).toContain('Открыть в Telegram');
  expect((await page(weeklyId, 'zh-CN,id;q=0.5')).html).toContain('Buka di Telegram');
  const french = (await page(weeklyId, 'fr-FR,fr;q=0.9')).html;
  expect(french).toContain('<html lang="fr" dir="ltr">');
  expect(french).toContain('Ouvrir dans Telegram');
  const arabic = (await page(weeklyId, 'ar')).html;
  expect(arabic).toContain('<html lang="ar" dir="rtl">');
  expect(arabic).toContain('افتح في Telegram');
  const [channelLanguage] = (await page(weeklyId, 'zh')).html.match(/<html lang="(\w+)"/)!.slice(1);
  const [channel] = rowsOf<{ language: string }>(
    await server.database.db.execute(sql`
    select channels.language from subscriptions join channels on channels.id = subscriptions.channel_id where subscriptions.id = ${weeklyId}`),
  );
  const channelBase = channel!.language.toLowerCase().split('-')[0]!;
  expect(channelLanguage).toBe((SNIPPET_LANGUAGES as readonly string[]).includes(channelBase) ? channelBase : 'en');
});

test('every value is HTML-escaped', async () => {
  await server.database.db
    .update(subscriptions)
    .set({ name: '<script>alert("x")</script> & co', description: `Tom's "best" <b>` })
    .where(eq(subscriptions.id, weeklyId));
  try {
    const { html } = await page(weeklyId);
    expect(html).not.toContain('<script>');
    expect(html).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</h1>');
    expect(metaContent(html, 'og:title')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(html).toContain('Tom&#39;s &quot;best&quot; &lt;b&gt;');
  } finally {
    await server.database.db
      .update(subscriptions)
      .set({ name: 'Weekly Subscription' })
      .where(eq(subscriptions.id, weeklyId));
  }
});

test('unknown, unpublished, deleted and malformed ids answer the 404 page', async () => {
  for (const id of [999999, unpublishedId, '0', 'abc', '1e3', '99999999999999999999']) {
    const { status, html } = await page(id, 'ru');
    expect({ id, status }).toEqual({ id, status: 404 });
    expect(html).toContain('Подписка не найдена');
  }
  await server.database.db.update(subscriptions).set({ deleted: true }).where(eq(subscriptions.id, weeklyId));
  try {
    expect((await page(weeklyId)).status).toBe(404);
  } finally {
    await server.database.db.update(subscriptions).set({ deleted: false }).where(eq(subscriptions.id, weeklyId));
  }
});

test("direction controls in the creator's texts do not reach the page (they could make ours read backwards)", async () => {
  const [before] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, weeklyId));
  await server.database.db
    .update(subscriptions)
    .set({ name: 'Weekly \u202Eylno\u202C', description: '\u2067Fair\u2069 \u200Fprice\u061C' })
    .where(eq(subscriptions.id, weeklyId));
  try {
    const { html } = await page(weeklyId, 'en');
    expect(html).toContain('<h1>Weekly ylno</h1>');
    expect(html).toContain('Fair price');
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
  } finally {
    await server.database.db
      .update(subscriptions)
      .set({ name: before!.name, description: before!.description })
      .where(eq(subscriptions.id, weeklyId));
  }
});
