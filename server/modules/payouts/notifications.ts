/**
 * What the bot tells a creator about their payouts: a failed one (the money is back in the balance). In the
 * creator's Telegram language (any page language, else English). A message that cannot be sent is logged, never retried: the
 * payout page's tracker shows the same.
 */
import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../src/domain/format-light';
import { type Currency, money } from '../../../src/domain/money';
import { payoutFailureReason } from '../../../src/domain/payout-failure';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { users } from '../../platform/db/schema';
import type { BotGateway } from '../bot/BotGateway';
import { botTexts, fill } from '../bot/texts';
import type { PayoutFailureNotifier } from '../payments/payoutUpdates';

/** The payout's amount as the app shows it (formatMoney: "€174", "3,000.50 ₽"). */
export function formatPayoutAmount(minor: number, currency: Currency): string {
  return formatMoney(money(minor, currency));
}

export function payoutFailureNotifier(
  db: MoneyDb,
  bot: BotGateway,
  log: (error: unknown) => void,
): PayoutFailureNotifier {
  return async (run) => {
    const [user] = await db
      .select({ telegramId: users.telegramId, languageCode: users.languageCode })
      .from(users)
      .where(eq(users.id, run.userId));
    if (user === undefined) return;
    const texts = botTexts(user.languageCode);
    const text = fill(texts.payoutFailed, {
      amount: formatPayoutAmount(Number(run.amount), run.currency as Currency),
      reason: texts.payoutFailureReasons[payoutFailureReason(run.errorCode)],
    });
    await bot.sendMessage({ chatId: Number(user.telegramId), text, silent: false }).catch(log);
  };
}
