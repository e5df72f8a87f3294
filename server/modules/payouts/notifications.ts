/**
 * What the bot tells a creator about their payouts: a failed one (the money is back in the balance). In the
 * creator's Telegram language (en, ru, id; else English). A message that cannot be sent is logged, never retried: the
 * payout page's tracker shows the same.
 */
import { eq } from 'drizzle-orm';
import { type Currency, currencyExponent, toMajor } from '../../../src/domain/money';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { users } from '../../platform/db/schema';
import type { BotGateway } from '../bot/BotGateway';
import { botTexts, fill } from '../bot/texts';
import type { PayoutFailureNotifier } from '../payments/payoutUpdates';

export function formatPayoutAmount(minor: number, currency: Currency): string {
  return `${toMajor(minor, currency).toFixed(currencyExponent(currency))} ${currency.toUpperCase()}`;
}

export function payoutFailureNotifier(db: MoneyDb, bot: BotGateway, log: (error: unknown) => void): PayoutFailureNotifier {
  return async (run) => {
    const [user] = await db.select({ telegramId: users.telegramId, languageCode: users.languageCode }).from(users).where(eq(users.id, run.userId));
    if (user === undefined) return;
    const texts = botTexts(user.languageCode);
    const text = fill(texts.payoutFailed, {
      amount: formatPayoutAmount(Number(run.amount), run.currency as Currency),
      reason: run.errorDescription ?? run.errorCode ?? 'payout_failed',
    });
    await bot.sendMessage({ chatId: Number(user.telegramId), text, silent: false }).catch(log);
  };
}
