/**
 * Paid access to private channels through the bot, over real HTTP with the production bot gateway and the
 * sandbox's Bot API double: a paid membership gets a personal one-person invite link; when access ends the bot removes
 * the member once (ban, then unban); paying again gives a new link; public channels are left alone.
 */
import type { FollowerMemberResponse } from '../../../src/contract/api';
import { AccessRepository } from '../../../server/modules/access/repository';
import { type TestServer, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { type Shop, openShop, payWithNewCard } from '../money/support/money';

let server: TestServer;
let privateShop: Shop;
let publicShop: Shop;
beforeAll(async () => {
  server = await startTestServer();
  privateShop = await openShop(server, { private: true });
  publicShop = await openShop(server);
}, 180_000);
afterAll(() => server.close());

const chatOf = (shop: Shop) => -(1_000_000_000_000 + shop.creator.telegramId);
const callsIn = async (method: string, chatId: number) =>
  (await botApiCalls(server, method)).filter((call) => call.params.chat_id === chatId);
const advanceDays = (days: number) => server.request('POST', '/sandbox/clock', { advanceSeconds: days * 86_400 });

describe('private channels', () => {
  it('a paid membership gets a personal one-person link; access that ends removes the member once; paying again gives a new link', async () => {
    const follower = newUser('Reader');
    const chatId = chatOf(privateShop);
    const paid = await payWithNewCard(
      server,
      follower,
      'subscription',
      privateShop.subscriptions.weekly,
      '4242424242424242',
    );
    expect(paid.status).toBe('paid');
    const links = await callsIn('createChatInviteLink', chatId);
    expect(links).toEqual([
      expect.objectContaining({
        params: { chat_id: chatId, name: `Backers member ${paid.subscriptionMemberId}`, member_limit: 1 },
      }),
    ]);
    expect(paid.inviteLink).toMatch(/^https:\/\/t\.me\/\+/);

    const memberPath = `/follower/subscription_member/${paid.subscriptionMemberId}`;
    const shown = await server.api<FollowerMemberResponse>(follower, 'GET', memberPath);
    expect(shown.body.subscription).toMatchObject({
      inviteLink: paid.inviteLink,
      privateChannelInviteLink: paid.inviteLink,
    });
    // Asking again reuses the link: one link per period of access.
    expect(await callsIn('createChatInviteLink', chatId)).toHaveLength(1);

    await server.api(follower, 'GET', `${memberPath}/cancel`);
    await advanceDays(3);
    expect(await callsIn('banChatMember', chatId)).toEqual([]);
    await advanceDays(5);
    const telegramId = follower.telegramId;
    expect(await callsIn('banChatMember', chatId)).toEqual([
      expect.objectContaining({ params: { chat_id: chatId, user_id: telegramId } }),
    ]);
    expect(await callsIn('unbanChatMember', chatId)).toEqual([
      expect.objectContaining({ params: { chat_id: chatId, user_id: telegramId, only_if_banned: true } }),
    ]);
    // The creator's side shows them removed by the bot.
    const recorded = await server.request<{ members: { telegramId: number; status: string }[] }>(
      'GET',
      `/sandbox/bot/members?chatId=${chatId}`,
    );
    expect(recorded.body.members).toEqual([expect.objectContaining({ telegramId, status: 'removed' })]);
    const after = await server.api<FollowerMemberResponse>(follower, 'GET', memberPath);
    expect(after.body.subscription.inviteLink).toBeUndefined();
    await advanceDays(1);
    expect(await callsIn('banChatMember', chatId)).toHaveLength(1);

    const again = await payWithNewCard(
      server,
      follower,
      'subscription',
      privateShop.subscriptions.weekly,
      '4242424242424242',
    );
    expect(again.subscriptionMemberId).toBe(paid.subscriptionMemberId);
    expect(again.inviteLink).toMatch(/^https:\/\/t\.me\/\+/);
    expect(again.inviteLink).not.toBe(paid.inviteLink);
    expect(await callsIn('createChatInviteLink', chatId)).toHaveLength(2);
  });

  it("the creator shares the subscription's payment link, never a link into the channel itself", async () => {
    const id = privateShop.subscriptions.monthly;
    const owned = await server.api<{ subscription: Record<string, unknown> }>(
      privateShop.creator,
      'GET',
      `/subscription/${id}`,
    );
    expect(owned.status).toBe(200);
    // The mini-app on the subscription's payment page (spec section 2's start parameter): whoever opens it pays first.
    const shareLink = String(owned.body.subscription.shareLink);
    const startParam = new URL(shareLink).searchParams.get('startapp');
    expect(shareLink).toMatch(/^https:\/\/t\.me\/\w+\/\w+\?startapp=/);
    expect(startParam).toBe(`subscription_${id}`);
    const stranger = newUser('Stranger');
    const invoice = await server.api<{ subscription: { id: number } }>(stranger, 'GET', `/invoice/subscription/${id}`);
    expect(invoice.body.subscription.id).toBe(id);
    // No invite link to the private channel reaches its owner: one that let anyone in would skip the payment.
    const listed = await server.api(privateShop.creator, 'POST', `/channel/${privateShop.channelId}/subscriptions`, {});
    expect(listed.status).toBe(200);
    for (const answer of [owned.body, listed.body]) expect(JSON.stringify(answer)).not.toMatch(/t\.me\/\+/);
  });

  it('a refused removal is retried on the next run and marked only once it went through', async () => {
    const shop = await openShop(server, { private: true });
    const follower = newUser('Retried');
    const chatId = chatOf(shop);
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.weekly, '4242424242424242');
    await server.api(follower, 'GET', `/follower/subscription_member/${paid.subscriptionMemberId}/cancel`);
    const mine = async (method: string) =>
      (await callsIn(method, chatId)).filter((call) => call.params.user_id === follower.telegramId);
    expect(
      (
        await server.request('POST', '/sandbox/bot-api/failures', {
          method: 'banChatMember',
          errorCode: 500,
          description: 'Internal Server Error',
          chatId,
        })
      ).status,
    ).toBe(200);
    await advanceDays(8);
    expect(await mine('banChatMember')).toHaveLength(1);
    expect(await mine('unbanChatMember')).toHaveLength(0);
    await advanceDays(1);
    expect(await mine('banChatMember')).toHaveLength(2);
    expect(await mine('unbanChatMember')).toHaveLength(1);
    await advanceDays(1);
    expect(await mine('banChatMember')).toHaveLength(2);
  });

  it('a member whose renewal is still to come is not removed; once its final attempt failed, they are', async () => {
    const shop = await openShop(server, { private: true });
    const follower = newUser('Renewing');
    const chatId = chatOf(shop);
    const paid = await payWithNewCard(server, follower, 'subscription', shop.subscriptions.weekly, '4242424242424242');
    const mine = async (method: string) =>
      (await callsIn(method, chatId)).filter((call) => call.params.user_id === follower.telegramId);
    // Past the expiry before any renewal ran (the bot was away from the channel, or the jobs were late): the renewal
    // job will still charge the saved card, so the channel-access job must not remove the member meanwhile.
    server.clock.advance(8 * 86_400);
    const ended = await new AccessRepository(server.app.deps.db).endedAccess(new Date(server.clock.now()), 1000);
    expect(ended.map((row) => row.memberId)).not.toContain(paid.subscriptionMemberId);
    // Without a card to charge the final attempt fails, and then access has ended.
    const cards = await server.api<{ cards: { id: number }[] }>(follower, 'GET', '/follower/cards');
    for (const card of cards.body.cards)
      expect((await server.api(follower, 'GET', `/follower/cards/${card.id}/delete`)).status).toBe(200);
    await advanceDays(0.01);
    await advanceDays(0.01);
    expect(await mine('banChatMember')).toHaveLength(1);
    expect(await mine('unbanChatMember')).toHaveLength(1);
  });

  it('a one-time membership never ends', async () => {
    const follower = newUser('Forever');
    const chatId = chatOf(privateShop);
    const paid = await payWithNewCard(
      server,
      follower,
      'subscription',
      privateShop.subscriptions.onetime,
      '4242424242424242',
    );
    expect(paid.inviteLink).toMatch(/^https:\/\/t\.me\/\+/);
    await advanceDays(400);
    expect(
      (await callsIn('banChatMember', chatId)).filter((call) => call.params.user_id === follower.telegramId),
    ).toEqual([]);
  });
});

describe('public channels', () => {
  it('have no personal links and nobody is removed', async () => {
    const follower = newUser('Public');
    const chatId = chatOf(publicShop);
    const paid = await payWithNewCard(
      server,
      follower,
      'subscription',
      publicShop.subscriptions.weekly,
      '4242424242424242',
    );
    expect(paid.inviteLink).toMatch(/^https:\/\/t\.me\/[a-z]/);
    await server.api(follower, 'GET', `/follower/subscription_member/${paid.subscriptionMemberId}/cancel`);
    await advanceDays(10);
    expect(await callsIn('createChatInviteLink', chatId)).toEqual([]);
    expect(await callsIn('banChatMember', chatId)).toEqual([]);
  });
});

describe('join-request links (BOT_INVITE_LINKS=join_request)', () => {
  it('a paid membership gets a join-request link: the bot approves its member (who is then recorded as joined) and declines anyone else', async () => {
    const requests = await startTestServer({ config: { botInviteLinks: 'join_request' } });
    try {
      const shop = await openShop(requests, { private: true });
      const chatId = chatOf(shop);
      const follower = newUser('Requester');
      const paid = await payWithNewCard(
        requests,
        follower,
        'subscription',
        shop.subscriptions.weekly,
        '4242424242424242',
      );
      const params = async (method: string) =>
        (await botApiCalls(requests, method)).map((call) => call.params).filter((call) => call.chat_id === chatId);
      expect(await params('createChatInviteLink')).toEqual([
        { chat_id: chatId, name: `Backers member ${paid.subscriptionMemberId}`, creates_join_request: true },
      ]);
      const join = (user: { telegramId: number; firstName?: string }) =>
        requests.request<{ status: string }>('POST', '/sandbox/bot-api/join', {
          telegramId: user.telegramId,
          firstName: user.firstName,
          link: paid.inviteLink,
        });

      const stranger = newUser('Forwarded');
      expect((await join(stranger)).body).toEqual({ chatId, status: 'requested' });
      expect(await params('declineChatJoinRequest')).toEqual([{ chat_id: chatId, user_id: stranger.telegramId }]);
      expect((await join(follower)).body).toEqual({ chatId, status: 'member' });
      expect(await params('approveChatJoinRequest')).toEqual([{ chat_id: chatId, user_id: follower.telegramId }]);
      const recorded = await requests.request<{ members: { telegramId: number; status: string }[] }>(
        'GET',
        `/sandbox/bot/members?chatId=${chatId}`,
      );
      expect(recorded.body.members).toEqual([
        expect.objectContaining({ telegramId: follower.telegramId, firstName: 'Requester', status: 'member' }),
      ]);
    } finally {
      await requests.close();
    }
  });
});
