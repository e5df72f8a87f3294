/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { TOKENS } from '../../../../src/di/tokens';
import { money } from '../../../../src/domain/money';
import { DonationRequestViewModel } from '../../../../src/presentation/screens/DonationRequest/DonationRequestViewModel';
import { createWorld } from '../../application/support/world';
import { englishI18n, fakeShell, renderInShell, routeScreen } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

async function renderRequest(options: { goal?: boolean; paid?: number[] } = {}) {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, { name: 'Bakery' });
  const endsAt = Math.floor(world.time.now() / 1000) + 10 * 86_400;
  const donation = world.seed.donation(channel.id, {
    title: 'New oven',
    description: 'Bread for everyone',
    amount: money(0, 'eur'),
    ...(options.goal === false ? {} : { goal: money(100_000, 'eur'), endsAt }),
  });
  for (const [index, minor] of (options.paid ?? []).entries())
    world.backend.payments.set(`paid-${index}`, {
      target: { kind: 'donation', donationId: donation.id, channelId: channel.id },
      amount: money(minor, 'eur'),
      status: 'paid',
    } as never);
  const factory = (channelId: number, donationId: number) =>
    new DonationRequestViewModel(world.as(owner).donations, world.time, channelId, donationId);
  const shell = fakeShell([[TOKENS.DonationRequestViewModel, factory]]);
  const path = '/channel/:channelId/donation/:donationId';
  window.history.replaceState(null, '', `/channel/${channel.id}/donation/${donation.id}`);
  await act(async () => {
    renderInShell(
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path={path} element={routeScreen(path)} />
        </Routes>
      </Suspense>,
      shell,
    );
  });
  return { world };
}

describe('DonationRequestScreen', () => {
  it('shows the progress towards the goal: total, percent rounded down, bar, donations and the end', async () => {
    await renderRequest({ paid: [30_000, 4_050] });
    await screen.findByRole('heading', { name: 'Donation request' });
    expect(screen.getByText('New oven')).toBeTruthy();
    expect(screen.getByText('€340.50 of €1,000')).toBeTruthy();
    expect(screen.getByText('34%')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Progress towards the goal' });
    expect(bar.getAttribute('aria-valuenow')).toBe('34');
    expect(screen.getByText(/^2 donations · Ends /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('without a goal or end date shows the request alone', async () => {
    await renderRequest({ goal: false });
    await screen.findByRole('heading', { name: 'Donation request' });
    expect(screen.getByText('New oven')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });
});
