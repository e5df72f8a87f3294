/** Helpers shared by the payout specs (payout.spec.ts and clock-payout.spec.ts). */
import type { SandboxApi } from './sandbox';
import { type ConsoleProblem, type NewUser, newUser } from './fixtures';

/** GET /api/v2/payout as the specs read it. */
export interface PayoutAnswer {
  payoutBalances: { currency: string; amount: number | string }[];
  activeBalances: { currency: string; amount: number | string }[];
  nextPayoutDate: string;
  withdrawalAccount: { country: string; methodType: string; currency: string; params: Record<string, string> } | null;
  withdrawalCard: { brand: string; last4: string } | null;
  withdrawals: { id: number; type: string }[];
}

/** Console problems of the app, less the browser's favicon request. */
export const appProblems = (problems: readonly ConsoleProblem[]) =>
  problems.filter((problem) => !problem.url.endsWith('/favicon.ico'));

/** A fresh user with an approved verification (tests share one server, so payout changes go to new users). */
export async function verifiedCreator(sandbox: SandboxApi, name: string): Promise<NewUser> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  return creator;
}
