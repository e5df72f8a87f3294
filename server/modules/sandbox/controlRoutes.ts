/**
 * The sandbox control API under /sandbox (only with SANDBOX on; used by the host emulator and by tests):
 * launch links signed like Telegram's, the bot added to or removed from a channel (the sandbox's Telegram sends the
 * app my_chat_member, applied by the same update handler as Telegram's), the bot's posts and who is in a channel, KYC
 * statuses and the operator's decision, bans, refunds, the server clock (which also runs due jobs), the older
 * product's hand-over for migration, the card provider double's faults (slow or failing) and what happens there
 * unheard of (reconciliation's differences), many channels and
 * memberships at once (the dashboard's paged lists), and the demo accounts.
 * Every body is schema-checked; failures answer `{ code, message }` like the API.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  LANGUAGE_CODES,
  VERIFICATION_STATUSES,
  type ModerationState,
  type VerificationStatus,
} from '../../../src/domain/entities';
import type { RouteOptions } from '../../context';
import { AppError, notFound } from '../../platform/errors';
import { s } from '../../platform/http/schemas';
import { channelDto, userDto } from '../../platform/dto';
import type { OperatorDecision } from '../verification/service';
import { type LaunchOptions, launchUrl, signInitData } from './initData';
import { assertMaySign } from './guard';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { SandboxService } from './service';
import { SANDBOX_DEMO_OPERATOR_ID } from '../../platform/config';
import type { ProviderFaultSettings } from '../payments/sandbox/faults';
import { CURRENCIES, type Currency } from '../../../src/domain/money';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { findPayoutRun } from '../payouts/retry';

const telegramId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const chatId = { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const hidden = { hide: true, tags: ['sandbox'] };
/** Who decides in the sandbox's stand-in for the operator console. */
const SANDBOX_OPERATOR_ID = 0;

export const sandboxControlRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { db, clock, config, services } = deps;
  const sandbox = new SandboxService(db, clock);
  const userByTelegramId = (id: number) => sandbox.userByTelegramId(id);
  const now = () => new Date(clock.now());

  app.post<{ Body: LaunchOptions }>(
    '/launch',
    {
      schema: {
        ...hidden,
        body: s.object(
          {
            telegramId,
            firstName: { type: 'string', minLength: 1, maxLength: 64 },
            lastName: { type: 'string', maxLength: 64 },
            username: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$' },
            languageCode: { type: 'string', maxLength: 16 },
            photoUrl: { type: 'string', maxLength: 512 },
            startParam: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
            platform: {
              type: 'string',
              enum: ['ios', 'android', 'android_x', 'tdesktop', 'macos', 'weba', 'webk', 'web', 'unigram'],
            },
            version: { type: 'string', pattern: '^\\d+\\.\\d+$' },
            theme: { type: 'string', enum: ['light', 'dark'] },
          },
          ['telegramId'],
        ),
      },
    },
    async (request) => {
      assertMaySign(config);
      const options = request.body;
      // Demo accounts launch with their seeded names unless told otherwise.
      const demo = DEMO_ACCOUNTS.find((account) => account.telegramId === options.telegramId);
      const merged: LaunchOptions = {
        ...(demo ? { firstName: demo.firstName, lastName: demo.lastName, username: demo.username } : {}),
        ...options,
      };
      const initData = signInitData(merged, config.botToken, clock.now());
      return { initData, launchUrl: launchUrl(config.publicUrl, initData, merged) };
    },
  );

  app.post<{
    Body: {
      ownerTelegramId: number;
      chatId: number;
      title: string;
      username?: string;
      photoUrl?: string;
      moderation?: ModerationState;
    };
  }>(
    '/bot/channel-added',
    {
      schema: {
        ...hidden,
        body: s.object(
          {
            ownerTelegramId: telegramId,
            chatId,
            title: { type: 'string', minLength: 1, maxLength: 255 },
            username: { type: 'string', pattern: '^[A-Za-z0-9_]{4,32}$' },
            photoUrl: { type: 'string', maxLength: 512 },
            moderation: { type: 'string', enum: ['approved', 'in_progress', 'rejected'] },
          },
          ['ownerTelegramId', 'chatId', 'title'],
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const telegram = deps.sandboxTelegram!;
      // Telegram tells the bot (my_chat_member) and the app applies it as any update; the owner as Telegram knows them.
      const known = await sandbox.userByTelegramId(body.ownerTelegramId).catch(() => null);
      await telegram.botMadeAdministrator(
        {
          id: body.ownerTelegramId,
          firstName: known?.firstName ?? String(body.ownerTelegramId),
          username: known?.username ?? null,
        },
        {
          chatId: body.chatId,
          title: body.title,
          ...(body.username ? { username: body.username } : {}),
          photoUrl: body.photoUrl ?? null,
        },
      );
      const channel = await sandbox.applyChannelExtras(body.chatId, {
        photoUrl: telegram.chatPhoto(body.chatId),
        ...(body.moderation ? { moderation: body.moderation } : {}),
      });
      return { channel: channelDto(channel) };
    },
  );

  app.post<{ Body: { chatId: number } }>(
    '/bot/channel-removed',
    {
      schema: { ...hidden, body: s.object({ chatId }) },
    },
    async (request) => {
      const { channel, owner } = await sandbox.channelWithOwner(request.body.chatId);
      await deps.sandboxTelegram!.botRemoved(
        { id: owner?.telegramId ?? 1, firstName: owner?.firstName ?? 'Owner', username: owner?.username ?? null },
        { chatId: channel.chatId, title: channel.title, username: channel.username },
      );
      return { channel: channelDto((await sandbox.channelWithOwner(request.body.chatId)).channel) };
    },
  );

  app.get<{ Querystring: { chatId: number } }>(
    '/bot/posts',
    {
      schema: { ...hidden, querystring: s.object({ chatId }) },
    },
    async (request) => {
      const posts = await sandbox.botPosts(request.query.chatId);
      return {
        posts: posts.map((post) => ({
          id: post.id,
          chatId: post.chatId,
          channelId: post.channelId,
          kind: post.kind,
          refId: post.refId,
          messageId: post.messageId,
          text: post.text,
          buttons: post.buttons,
          pinned: post.pinned,
          silent: post.silent,
          createdAt: Math.floor(post.createdAt.getTime() / 1000),
        })),
      };
    },
  );

  app.get<{ Querystring: { chatId: number } }>(
    '/bot/members',
    {
      schema: { ...hidden, querystring: s.object({ chatId }) },
    },
    async (request) => ({
      members: (await sandbox.channelMembers(request.query.chatId)).map((member) => ({
        telegramId: member.telegramId,
        firstName: member.firstName,
        status: member.status,
        changedAt: Math.floor(member.changedAt.getTime() / 1000),
      })),
    }),
  );

  app.post<{ Body: { telegramId: number; status: VerificationStatus } }>(
    '/kyc',
    {
      schema: { ...hidden, body: s.object({ telegramId, status: s.enumOf(VERIFICATION_STATUSES) }) },
    },
    async (request) => {
      const user = await userByTelegramId(request.body.telegramId);
      const updated = await services.verification.setStatus(user, request.body.status);
      return { status: updated.verificationStatus };
    },
  );

  // The operator's decision on a passed identity check or a manual review, until the operator console decides it.
  app.post<{ Body: { telegramId: number; decision: OperatorDecision } }>(
    '/kyc/decision',
    {
      schema: { ...hidden, body: s.object({ telegramId, decision: s.enumOf(['approve', 'reject']) }) },
    },
    async (request) => {
      const user = await userByTelegramId(request.body.telegramId);
      return { status: await services.verification.decide(user.id, request.body.decision, SANDBOX_OPERATOR_ID) };
    },
  );

  // The host emulator's "Demo operator": the one-time sign-in link the bot's /admin would send the sandbox's operator.
  app.post('/admin/signin-link', { schema: hidden }, async () => ({
    telegramId: SANDBOX_DEMO_OPERATOR_ID,
    url: (await deps.admin.issueSignInLink(SANDBOX_DEMO_OPERATOR_ID))!,
  }));

  app.post<{ Body: { telegramId: number; banned?: boolean } }>(
    '/users/ban',
    {
      schema: { ...hidden, body: s.object({ telegramId, banned: s.bool }, ['telegramId']) },
    },
    async (request) => {
      await sandbox.setBanned(request.body.telegramId, request.body.banned ?? true);
      return { ok: true, banned: request.body.banned ?? true };
    },
  );

  // A full refund of a paid charge, as the operator console makes it (tests and the emulator).
  app.post<{ Params: { paymentId: string }; Body: { reason?: string } | undefined }>(
    '/payments/:paymentId/refund',
    {
      schema: {
        ...hidden,
        params: s.object({ paymentId: { type: 'string', minLength: 1, maxLength: 64 } }, ['paymentId']),
        body: s.object({ reason: { type: 'string', minLength: 1, maxLength: 500 } }),
      },
    },
    async (request) => {
      const payment = await deps.money.payments.requestRefund(
        request.params.paymentId,
        request.body?.reason ?? 'Refunded in the sandbox',
      );
      return {
        paymentId: payment.id,
        status: payment.status,
        refundStatus: payment.refundStatus,
        refundedAt: payment.refundedAt?.toISOString() ?? null,
      };
    },
  );

  // The Smart Glocal double's faults (server/modules/payments/sandbox/faults.ts); an empty body clears them.
  app.post<{ Body: ProviderFaultSettings }>(
    '/provider/faults',
    {
      schema: {
        ...hidden,
        body: s.object(
          {
            delayMs: { type: 'integer', minimum: 0, maximum: 120_000 },
            failStatus: { type: 'integer', minimum: 400, maximum: 599 },
            methods: { type: 'array', maxItems: 20, items: { type: 'string', pattern: '^[a-z/_]{1,64}$' } },
            times: { type: 'integer', minimum: 1, maximum: 10_000 },
          },
          [],
        ),
      },
    },
    async (request) => {
      if (deps.money.double === null) throw notFound('The sandbox provider is not running');
      return { faults: deps.money.double.faults.set(request.body ?? {}) };
    },
  );

  // What happens at the Smart Glocal double without Backers hearing of it, for reconciliation to find (tests, demos):
  // lost_webhook (the payment's charge goes through, its webhook never comes), refund_outside (refunded in the
  // provider's dashboard), amount_differs (the provider records `amount` minor units), payout_returned (the payout
  // `<telegramId>-<currency>-<date>` comes back from the bank), unknown_session (a paid session naming nothing of
  // ours, with its webhook).
  app.post<{
    Body: {
      kind: 'lost_webhook' | 'refund_outside' | 'amount_differs' | 'payout_returned' | 'unknown_session';
      paymentId?: string;
      payoutId?: string;
      amount?: number;
      currency?: string;
    };
  }>(
    '/provider/differences',
    {
      schema: {
        ...hidden,
        body: s.object(
          {
            kind: {
              type: 'string',
              enum: ['lost_webhook', 'refund_outside', 'amount_differs', 'payout_returned', 'unknown_session'],
            },
            paymentId: { type: 'string', minLength: 1, maxLength: 64 },
            payoutId: { type: 'string', pattern: '^[0-9]{1,16}-[a-z]{3}-[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
            amount: { type: 'integer', minimum: 1, maximum: 100_000_000 },
            currency: { type: 'string', enum: [...CURRENCIES] },
          },
          ['kind'],
        ),
      },
    },
    async (request) => {
      const double = deps.money.double;
      if (double === null) throw notFound('The sandbox provider is not running');
      const { kind, paymentId, payoutId, amount, currency } = request.body;
      const required = (field: string) =>
        new AppError('validation_error', `${field} is required for ${kind}`, { field });
      if (kind === 'unknown_session') {
        const session = await double.unknownSession(amount ?? 1000, (currency ?? 'eur') as Currency);
        return { sessionId: session.id, reference: session.reference };
      }
      if (kind === 'payout_returned') {
        if (payoutId === undefined) throw required('payoutId');
        const [, telegramId, payoutCurrency, payoutDate] = /^(\d+)-([a-z]{3})-(.+)$/.exec(payoutId)!;
        const creator = await userByTelegramId(Number(telegramId));
        const run = await findPayoutRun(db as MoneyDb, {
          userId: creator.id,
          currency: payoutCurrency!,
          payoutDate: payoutDate!,
        });
        const returned = run?.providerPayoutId ? await double.returnPayout(run.providerPayoutId) : null;
        if (returned === null) throw notFound('No such payout at the provider');
        return { sessionId: returned.sessionId, returned: (returned.returnedAt ?? null) !== null };
      }
      if (paymentId === undefined) throw required('paymentId');
      const payment = await deps.money.payments.byId(paymentId);
      const sessionId = payment?.providerSessionId ?? null;
      if (sessionId === null) throw notFound('No such payment at the provider');
      if (kind === 'amount_differs' && amount === undefined) throw required('amount');
      const session =
        kind === 'lost_webhook'
          ? await double.payWithoutWebhook(sessionId)
          : kind === 'refund_outside'
            ? await double.refundWithoutWebhook(sessionId)
            : await double.changeAmount(sessionId, amount!);
      if (session === null) throw notFound('No such payment at the provider');
      return {
        sessionId: session.id,
        status: session.status,
        amount: session.amountMinor,
        refunded: (session.refundedAt ?? null) !== null,
      };
    },
  );

  app.get('/clock', { schema: hidden }, async () => ({ now: clock.now(), iso: now().toISOString() }));

  app.post<{ Body: { advanceSeconds: number } }>(
    '/clock',
    {
      schema: {
        ...hidden,
        body: s.object({ advanceSeconds: { type: 'number', minimum: 0, maximum: 10 * 366 * 86_400 } }),
      },
    },
    async (request) => {
      clock.advance(request.body.advanceSeconds);
      const jobs = await deps.jobs.run({
        db,
        clock,
        config,
        log: { info: (m) => request.log.info(m), error: (m) => request.log.error(m) },
      });
      return { now: clock.now(), iso: now().toISOString(), jobs };
    },
  );

  app.post<{
    Body: { telegramId: number; channels: { chatId: number; name: string; link: string; activeSubscribers: number }[] };
  }>(
    '/migration/donate-channels',
    {
      schema: {
        ...hidden,
        body: s.object({
          telegramId,
          channels: {
            type: 'array',
            maxItems: 100,
            items: s.object({
              chatId,
              name: { type: 'string', minLength: 1, maxLength: 255 },
              link: { type: 'string', maxLength: 512 },
              activeSubscribers: { type: 'integer', minimum: 0 },
            }),
          },
        }),
      },
    },
    async (request) => {
      const user = await userByTelegramId(request.body.telegramId);
      const chatIds = new Set(request.body.channels.map((channel) => channel.chatId));
      if (chatIds.size !== request.body.channels.length)
        throw new AppError('validation_error', 'channels repeat a chatId', { field: 'channels' });
      await services.migration.setDonateChannels(user, request.body.channels);
      return { ok: true };
    },
  );

  app.post<{ Body: { ownerTelegramId: number; followerTelegramId: number; count: number } }>(
    '/memberships',
    {
      schema: {
        ...hidden,
        body: s.object({
          ownerTelegramId: telegramId,
          followerTelegramId: telegramId,
          count: { type: 'integer', minimum: 1, maximum: 500 },
        }),
      },
    },
    async (request) => {
      const owner = await userByTelegramId(request.body.ownerTelegramId);
      const follower = await userByTelegramId(request.body.followerTelegramId);
      const { chatIds } = await sandbox.manyMemberships(owner, follower, request.body.count);
      // The sandbox's Telegram knows the channels, with the bot as an administrator, like channels added by hand.
      for (const id of chatIds) deps.sandboxTelegram?.botPromoted(id);
      return { ok: true };
    },
  );

  // The emulator's channel pane: a user's channels whoever they are (the creator dashboard refuses a follower, 403).
  app.get<{ Querystring: { telegramId: number } }>(
    '/channels',
    { schema: { ...hidden, querystring: s.object({ telegramId }) } },
    async (request) => ({ channels: await sandbox.channelsOf(request.query.telegramId) }),
  );

  app.get('/users', { schema: hidden }, async () => {
    const rows = await sandbox.recentUsers();
    const demoIds = new Set(DEMO_ACCOUNTS.map((account) => account.telegramId));
    return {
      demo: DEMO_ACCOUNTS,
      users: rows.map((row) => ({
        ...userDto(row),
        languageCode: row.languageCode,
        banned: row.banned,
        verificationStatus: row.verificationStatus,
        demo: demoIds.has(row.telegramId),
      })),
      languages: LANGUAGE_CODES,
    };
  });
};
