/** Creators' payout accounts: read by the payout page and the dashboard, replaced when the creator saves one. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db';
import { type PayoutAccountRow, payoutAccounts, users } from '../../platform/db/schema';
import type { ValidPayoutAccount } from './validateAccount';

export class PayoutAccountsRepository {
  constructor(private readonly db: DbOrTx) {}

  async byUser(userId: number): Promise<PayoutAccountRow | undefined> {
    const [row] = await this.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    return row;
  }

  /** Replaces the user's account (one per user) and records its country as the user's, in one transaction. */
  async save(userId: number, account: ValidPayoutAccount, at: Date): Promise<PayoutAccountRow> {
    const values = {
      countryIso2: account.countryIso2,
      countryIso3: account.countryIso3,
      methodType: account.methodType,
      currency: account.currency,
      bankExternalId: account.bank?.externalId ?? null,
      bankName: account.bank?.bankName ?? null,
      params: { ...account.params },
      cardToken: account.card?.token ?? null,
      cardBrand: account.card?.brand ?? null,
      cardMaskedNumber: account.card?.maskedNumber ?? null,
      cardLast4: account.card?.last4 ?? null,
      cardCountry: account.card?.country ?? null,
      updatedAt: at,
    };
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payoutAccounts)
        .values({ userId, ...values, createdAt: at })
        .onConflictDoUpdate({ target: payoutAccounts.userId, set: values })
        .returning();
      await tx.update(users).set({ country: account.countryIso2, updatedAt: at }).where(eq(users.id, userId));
      return row;
    });
  }
}
