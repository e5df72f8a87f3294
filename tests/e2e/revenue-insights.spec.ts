/**
 * Revenue insights on the seeded creator's dashboard, in both looks: the revenue section's link opens the insights
 * screen, whose sections (monthly recurring revenue, new and lost members per month, free trials and their
 * conversion, revenue per promo code) show
 * what GET /revenue/insights answers, read accessibly.
 */
import type { RevenueInsightsResponse } from '../../src/contract/revenue';
import { formatMoney } from '../../src/domain/format-light';
import { unexpectedProblems } from './follower-support';
import { demoUsers, expect, test } from './support/fixtures';

const ALICE = { telegramId: demoUsers.alice, firstName: 'Alice' };
const LOOKS = [
  { look: 'Apple', platform: 'ios' },
  { look: 'Material', platform: 'android-7.10' },
] as const;

for (const { look, platform } of LOOKS) {
  test(`the revenue screen shows MRR, members per month and promo codes, ${look} look`, async ({
    emulator,
    sandbox,
    consoleProblems,
  }) => {
    const insights = await sandbox.api<RevenueInsightsResponse>(ALICE, 'GET', '/revenue/insights');
    await emulator.open({ user: demoUsers.alice, platform });
    const app = emulator.app;
    await app.getByRole('link', { name: 'More insights' }).click();
    await expect(app.getByRole('heading', { name: 'Revenue insights' })).toBeAttached();

    await expect(app.getByText('Monthly recurring revenue')).toBeVisible();
    const mrr = app.getByTestId('insights-mrr');
    if (insights.mrr.length > 0) await expect(mrr).toContainText(formatMoney(insights.mrr[0]!));
    else await expect(app.getByText('No subscriptions renew yet')).toBeVisible();

    await expect(app.getByText('New and lost members', { exact: true })).toBeVisible();
    const months = app.getByTestId('insights-months');
    await expect(months.locator('tbody tr')).toHaveCount(12);
    const current = insights.months.at(-1)!;
    const firstRow = months.locator('tbody tr').first();
    await expect(firstRow.locator('td').nth(0)).toContainText(String(current.newMembers));
    await expect(firstRow.locator('td').nth(1)).toContainText(String(current.lostMembers));

    await expect(app.getByText('Free trials', { exact: true })).toBeVisible();
    await expect(app.getByTestId('insights-trials')).toContainText(`On trial now: ${insights.trials.onTrial}`);

    await expect(app.getByText('Revenue by promo code')).toBeVisible();
    if (insights.promos.length === 0) await expect(app.getByText('No promo codes yet')).toBeVisible();
    else await expect(app.getByTestId('insights-promos')).toContainText(insights.promos[0]!.code);

    await emulator.expectAccessibleApp();
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}
