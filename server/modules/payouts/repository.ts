/** A creator's payout account as the dashboard shows it (the money engine owns saving it). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db';
import { type PayoutAccountRow, payoutAccounts } from '../../platform/db/schema';

export class PayoutAccountsRepository {
  constructor(private readonly db: DbOrTx) {}

  async byUser(userId: number): Promise<PayoutAccountRow | undefined> {
    const [row] = await this.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    return row;
  }
}
