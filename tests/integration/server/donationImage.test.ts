/**
 * Donation images: the owner uploads a JPEG, PNG or WebP (POST /donation/image/channel/{channelId}, the
 * file as the body); the request carrying its imageId is posted with sendPhoto as a multipart/form-data upload.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import type { DonationImageResponse, DonationRequestResponse } from '../../../src/contract/api';
import {
  type TestServer,
  type TestUser,
  botApiCalls,
  creatorWithChannel,
  startTestServer,
} from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The same PNG claiming 9000x2000 pixels in its header (over Telegram's width + height limit of 10000). */
const HUGE_PNG = Buffer.from(PNG);
HUGE_PNG.writeUInt32BE(9000, 16);
HUGE_PNG.writeUInt32BE(2000, 20);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function upload(user: TestUser, channelId: number, bytes: Buffer, contentType = 'image/png') {
  const response = await fetch(`${server.baseUrl}/api/v2/donation/image/channel/${channelId}`, {
    method: 'POST',
    body: new Uint8Array(bytes),
    headers: { authorization: `TgAuth ${server.initData(user)}`, 'content-type': contentType },
  });
  return {
    status: response.status,
    body: (await response.json()) as DonationImageResponse & { code?: string; message?: string; field?: string },
  };
}

const donation = (user: TestUser, channelId: number, imageId: string) =>
  server.api<DonationRequestResponse>(user, 'POST', `/donation/request/channel/${channelId}`, {
    title: 'Buy me a coffee',
    description: 'Thank you!',
    currency: 'eur',
    amount: 0,
    buttonText: 'Donate',
    pin: false,
    disableNotification: true,
    imageId,
  });

describe('donation images', () => {
  test('upload, then publish: the bot uploads the photo (multipart sendPhoto) with the caption and the donate button', async () => {
    const { user, channelId, chatId } = await creatorWithChannel(server);
    const uploaded = await upload(user, channelId, PNG);
    expect(uploaded).toEqual({
      status: 200,
      body: { imageId: expect.stringMatching(/^upload:[\w-]{20,}$/), width: 1, height: 1 },
    });
    const answer = await donation(user, channelId, uploaded.body.imageId);
    expect(answer.status).toBe(200);
    expect(answer.body.donation.id).toBeGreaterThan(0);
    const photos = (await botApiCalls<Record<string, unknown>>(server, 'sendPhoto')).filter(
      (call) => String(call.params.chat_id) === String(chatId),
    );
    expect(photos).toHaveLength(1);
    const link = `https://t.me/BackersSandboxBot/app?startapp=donation_${answer.body.donation.id}`;
    expect(photos[0]!.params).toMatchObject({
      photo: expect.stringMatching(/^attach:\/\//),
      caption: 'Buy me a coffee\n\nThank you!',
      disable_notification: 'true',
      reply_markup: { inline_keyboard: [[{ text: 'Donate', url: link }]] },
    });
    const part = String(photos[0]!.params.photo).slice('attach://'.length);
    expect((photos[0] as { files?: unknown }).files).toEqual([
      {
        name: part,
        filename: 'donation.png',
        size: PNG.length,
        sha256: createHash('sha256').update(PNG).digest('hex'),
      },
    ]);
    const posts = (await server.request<{ posts: unknown[] }>('GET', `/sandbox/bot/posts?chatId=${chatId}`)).body.posts;
    expect(posts).toEqual([
      expect.objectContaining({
        kind: 'donation',
        refId: answer.body.donation.id,
        buttons: [{ text: 'Donate', url: link }],
      }),
    ]);
  });

  test("not JPEG, PNG or WebP by its bytes, beyond Telegram's size rules, or over 5 MB: refused with {code, message}", async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const gif = await upload(user, channelId, GIF);
    expect(gif).toMatchObject({
      status: 400,
      body: { code: 'validation_error', field: 'image', message: expect.any(String) },
    });
    const text = await upload(user, channelId, Buffer.from('hello'), 'text/plain');
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(text.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await upload(user, channelId, HUGE_PNG)).toMatchObject({
      status: 400,
      body: { code: 'validation_error', field: 'image' },
    });
    // Far above the server's usual 256 KB body limit, up to 5 MB exactly, is fine.
    const fiveMegabytes = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect(await upload(user, channelId, fiveMegabytes)).toMatchObject({ status: 200, body: { width: 1, height: 1 } });
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(user, channelId, tooLarge)).toMatchObject({
      status: 413,
      body: { code: 'payload_too_large', message: expect.any(String) },
    });
  });

  test('uploads are kept for a day: then the jobs delete them, posted or not, and a newer upload still serves', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const posted = await upload(user, channelId, PNG);
    expect((await donation(user, channelId, posted.body.imageId)).status).toBe(200);
    const abandoned = await upload(user, channelId, PNG);
    const stored = async () =>
      Number(
        rowsOf<{ count: number }>(
          await server.database.db.execute(
            sql`select count(*) as count from donation_images where channel_id = ${channelId}`,
          ),
        )[0]!.count,
      );
    expect(await stored()).toBe(2);
    await server.request('POST', '/sandbox/clock', { advanceSeconds: 23 * 60 * 60 });
    const recent = await upload(user, channelId, PNG);
    expect(await stored()).toBe(3);
    const jobs = await server.request<{ jobs: { name: string; ok: boolean; result?: { removed: number } }[] }>(
      'POST',
      '/sandbox/clock',
      { advanceSeconds: 2 * 60 * 60 },
    );
    expect(jobs.body.jobs.find((job) => job.name === 'donation-images-purge')).toMatchObject({
      ok: true,
      result: { removed: expect.any(Number) },
    });
    expect(await stored()).toBe(1);
    const expired = await donation(user, channelId, abandoned.body.imageId);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      code: 'validation_error',
      field: 'imageId',
      message: expect.stringContaining('for a day'),
    });
    expect((await donation(user, channelId, recent.body.imageId)).status).toBe(200);
  });

  test('only the owner uploads, and an image serves only the channel it was uploaded for', async () => {
    const owner = await creatorWithChannel(server);
    const other = await creatorWithChannel(server);
    expect(await upload(other.user, owner.channelId, PNG)).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: expect.any(String) },
    });
    const mine = await upload(owner.user, owner.channelId, PNG);
    const borrowed = await donation(other.user, other.channelId, mine.body.imageId);
    expect(borrowed.status).toBe(400);
    expect(borrowed.body).toMatchObject({ code: 'validation_error', field: 'imageId' });
    const unknown = await donation(owner.user, owner.channelId, 'upload:nothing-here-at-all-0000');
    expect(unknown.body).toMatchObject({ code: 'validation_error', field: 'imageId' });
  });
});
