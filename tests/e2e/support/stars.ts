/**
 * A creator's Telegram Stars sale made through the sandbox, as a follower makes one: the server's invoice link for
 * the subscription (paymentMethod telegram_stars), paid on the Bot API double's payment sheet (POST
 * /sandbox/bot-api/stars/pay), which sends the bot pre_checkout_query and successful_payment as Telegram does
 * (https://core.telegram.org/bots/payments-stars).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { SandboxApi } from './sandbox';
import { type NewUser, newUser } from './fixtures';

export interface StarsShop {
  readonly creator: NewUser;
  readonly channel: { readonly id: number; readonly name: string };
  readonly subscriptionId: number;
}

/** A verified creator with a public channel past onboarding and a monthly €5 subscription priced in Stars. */
export async function starsShop(sandbox: SandboxApi, name: string, stars: number): Promise<StarsShop> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId: -1_000_000_000_000 - randomInt(1_000_000_000),
    title: `${name} Channel`,
    username: `${name.toLowerCase()}_${randomInt(1_000_000)}`,
  })) as { channel: { id: number; name: string } };
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'en' });
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  const { subscription } = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
    channelId: channel.id,
    name: `${name} Monthly`,
    description: 'Everything, every month',
    period: 'monthly',
    currency: 'eur',
    amount: 5,
    buttonText: 'Join',
  });
  await sandbox.api(creator, 'POST', `/subscription/${subscription.id}/stars`, { stars });
  return { creator, channel, subscriptionId: subscription.id };
}

/** A new follower pays the shop's subscription in Stars; answers the follower. */
export async function payInStars(sandbox: SandboxApi, shop: StarsShop, name: string): Promise<NewUser> {
  const follower = newUser(name);
  await sandbox.api(follower, 'GET', '/dashboard?mode=follower');
  const { invoiceLink } = await sandbox.api<{ invoiceLink: string }>(
    follower,
    'POST',
    `/invoice/subscription/${shop.subscriptionId}/create`,
    { paymentMethod: 'telegram_stars' },
    { 'Idempotency-Key': randomUUID() },
  );
  const paid = await sandbox.post<{ status: string }>('/sandbox/bot-api/stars/pay', {
    telegramId: follower.telegramId,
    firstName: follower.firstName,
    link: invoiceLink,
  });
  if (paid.status !== 'paid') throw new Error(`the Stars payment ended ${paid.status}`);
  return follower;
}
