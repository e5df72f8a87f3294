/**
 * Retention offers through the emulator, in both looks: a creator sets an offer on the subscription's page; a follower
 * who cancels is shown it before the cancel is confirmed and accepts (the membership stays at the offered price);
 * another follower declines ("No, cancel") and is cancelled as with the plain confirmation; the creator's counts.
 */
import { creatorWithChannel, freshFollower, payViaApi, unexpectedProblems } from './follower-support';
import { expect, test } from './support/fixtures';

const LOOKS = [
  { look: 'Apple', platform: 'ios' },
  { look: 'Material', platform: 'android-7.10' },
] as const;

interface MemberAnswer {
  subscriptionMember: { status: string; price: number };
}

for (const { look, platform } of LOOKS) {
  test(`a follower who cancels is offered a discount to stay, ${look} look`, async ({
    emulator,
    sandbox,
    request,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox, { price: 5 });
    const subscriptionPage = `/channel/${world.channel.id}/subscription/${world.subscriptionId}`;

    // The creator: the subscription's page → Retention offer → 30 % off the next 3 renewals.
    await emulator.open({ user: world.creator, platform, appPath: subscriptionPage });
    const app = emulator.app;
    await app.getByRole('link', { name: 'Retention offer' }).click();
    await expect(app.getByTestId('retention-current')).toHaveText('No offer set');
    await app.getByLabel('Percent off').fill('30');
    await app.getByLabel('Discounted renewals').fill('3');
    await expect(app.getByTestId('retention-preview')).toHaveText('€3.50 instead of €5');
    await emulator.expectAccessibleApp();
    await app.getByRole('button', { name: 'Save offer' }).click();
    await expect(app.getByText('Offer saved')).toBeVisible();
    await expect(app.getByTestId('retention-current')).toHaveText('30% off the next 3 renewals');

    // A follower cancels, is shown the offer instead of the confirmation, and accepts it.
    const stayer = await freshFollower(sandbox, 'Stella');
    const stayed = await payViaApi(sandbox, request, stayer, { kind: 'subscription', id: world.subscriptionId });
    await emulator.open({ user: stayer, platform, appPath: `/follower/subscription/${stayed.subscriptionMemberId}` });
    await app.getByRole('button', { name: 'Cancel subscription' }).click();
    const offer = app.getByRole('region', { name: 'Before you go' });
    await expect(offer).toContainText('Stay for €3.50 a month for the next 3 months instead of €5');
    await expect(emulator.popup).toBeHidden();
    await emulator.expectAccessibleApp();
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(app.getByText('You stay at the new price')).toBeVisible();
    await expect(app.getByText('€3.50 / month')).toBeVisible();
    await expect(app.getByText('Active', { exact: true })).toBeVisible();
    const after = await sandbox.api<MemberAnswer>(
      stayer,
      'GET',
      `/follower/subscription_member/${stayed.subscriptionMemberId}`,
    );
    expect(after.subscriptionMember).toMatchObject({ status: 'active', price: 3.5 });

    // Another follower declines: cancelled exactly as with the plain confirmation.
    const leaver = await freshFollower(sandbox, 'Leo');
    const left = await payViaApi(sandbox, request, leaver, { kind: 'subscription', id: world.subscriptionId });
    await emulator.open({ user: leaver, platform, appPath: `/follower/subscription/${left.subscriptionMemberId}` });
    await app.getByRole('button', { name: 'Cancel subscription' }).click();
    await app.getByRole('region', { name: 'Before you go' }).getByRole('button', { name: 'No, cancel' }).click();
    await expect(app.getByText('Subscription cancelled')).toBeVisible();
    await expect(app.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(app.getByText(/^Expires on /)).toBeVisible();

    // The creator sees who was shown the offer, who stayed and who left.
    await emulator.open({ user: world.creator, platform, appPath: `${subscriptionPage}/retention` });
    await expect(app.getByTestId('retention-offered')).toHaveText('2');
    await expect(app.getByTestId('retention-stayed')).toHaveText('1');
    await expect(app.getByTestId('retention-left')).toHaveText('1');
    await emulator.expectAccessibleApp();
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}
