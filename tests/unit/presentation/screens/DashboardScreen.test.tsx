/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Dashboard, DashboardRepository } from '../../../../src/application/ports/DashboardRepository';
import { RepositoryError, errorCodeOf } from '../../../../src/application/ports/RepositoryError';
import type { Channel, Role } from '../../../../src/domain/entities';
import { money } from '../../../../src/domain/money';
import { TOKENS } from '../../../../src/di/tokens';
import { ErrorRedirect } from '../../../../src/presentation/navigation/ShellListeners';
import { FIRST_ROUTES } from '../../../../src/presentation/navigation/firstRoutes';
import { FakeLinks } from '../support/fakePorts';
import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';
import { DashboardSession } from '../../../../src/presentation/screens/Dashboard/DashboardSession';
import { DashboardViewModel } from '../../../../src/presentation/screens/Dashboard/DashboardViewModel';
import { dateClock, englishI18n, fakeShell, renderInShell } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

function channel(id: number, name: string, extra: Partial<Channel> = {}): Channel {
  return {
    id,
    chatId: -100 - id,
    name,
    type: 'public',
    userName: 'handle',
    language: { code: 'en', name: 'English' },
    isLanguageSelected: true,
    connected: true,
    moderation: 'approved',
    onboardingStep: 'completed',
    onboardingPassed: true,
    isOnboarding: false,
    activeSubscribers: 3,
    isDeleted: false,
    ...extra,
  };
}

function dashboard(mode: Role, extra: Partial<Dashboard> = {}): Dashboard {
  return {
    mode,
    isCreator: mode === 'creator',
    user: { id: 1, telegramId: 1, firstName: 'Ann' },
    balances: [],
    channels: [],
    channelsNextFrom: null,
    transactions: { items: [], nextFrom: null },
    withdrawalAccount: null,
    migrationAvailable: false,
    subscriptionMembers: [],
    subscriptionMembersNextFrom: null,
    subscriptions: [],
    channelsOfSubscriptions: [],
    cards: [],
    ...extra,
  };
}

async function renderAt(path: string, answer: (mode: Role | undefined) => Promise<Dashboard>) {
  const loads: (Role | undefined)[] = [];
  const repository: DashboardRepository = {
    load: (mode) => {
      loads.push(mode);
      // Every failed call is told to the shell's listeners, as the ApiClient does.
      return answer(mode).catch((error: unknown) => {
        (shell.services.get(TOKENS.ApiErrorEvents) as { emit(code: string): void }).emit(errorCodeOf(error));
        throw error;
      });
    },
    transactions: async () => ({ items: [], nextFrom: null }),
    channels: async () => ({ items: [], nextFrom: null }),
    subscriptions: async () => ({
      subscriptionMembers: [],
      subscriptions: [],
      channelsOfSubscriptions: [],
      nextFrom: null,
    }),
  };
  const session = new DashboardSession(new MemoryStorage());
  const platformLinks = new FakeLinks();
  const shell = fakeShell([
    [
      TOKENS.DashboardViewModel,
      (mode: Role | undefined) => new DashboardViewModel(repository, session, dateClock, platformLinks, mode),
    ],
  ]);
  window.history.replaceState(null, '', path);
  await act(async () => {
    renderInShell(
      <Suspense fallback={<p>loading</p>}>
        <ErrorRedirect />
        <Routes>
          {FIRST_ROUTES.map(({ path: pattern, Screen }) => (
            <Route key={pattern} path={pattern} element={<Screen />} />
          ))}
          <Route path="/verification" element={<p>verification page</p>} />
          <Route path="/migration" element={<p>migration page</p>} />
        </Routes>
      </Suspense>,
      shell,
    );
  });
  return { loads, shell };
}

describe('DashboardScreen', () => {
  it('at / loads once, moves to /dashboard/{mode} and shows the follower view with the earn link', async () => {
    const { loads } = await renderAt('/', async () => dashboard('follower'));
    await screen.findByRole('heading', { name: 'Active subscriptions' });
    expect(window.location.pathname).toBe('/dashboard/follower');
    expect(loads).toEqual([undefined]);
    // The creator dashboard would refuse a user with no channel and no verification: the link opens the verification.
    expect(screen.getByRole('link', { name: /Earn with your channel/ }).getAttribute('href')).toBe('/verification');
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    expect(screen.getByText('No active subscriptions')).toBeTruthy();
    expect(await screen.findByText('No transactions yet')).toBeTruthy(); // below the fold: right after the first paint
  });

  it("labels a membership a gift gave as a gift, without the follower's way of paying", async () => {
    const now = dateClock.now();
    const expiresAt = Math.floor(now / 1000) + 20 * 86_400;
    await renderAt('/dashboard/follower', async () =>
      dashboard('follower', {
        subscriptionMembers: [
          {
            id: 7,
            subscriptionId: 70,
            userId: 1,
            status: 'cancelled',
            period: 'monthly',
            activatedAt: Math.floor(now / 1000) - 86_400,
            expiresAt,
            giftEndsAt: expiresAt,
            paidWith: 'card',
            price: money(500, 'eur'),
            renewalFailed: false,
          },
        ],
        subscriptions: [
          {
            id: 70,
            channelId: 5,
            name: 'Monthly',
            description: '',
            period: 'monthly',
            price: money(500, 'eur'),
            buttonText: 'Join',
            activeSubscribers: 1,
            isDeleted: false,
          },
        ],
        channelsOfSubscriptions: [channel(5, 'Gifted Channel')],
      }),
    );
    const cell = await screen.findByRole('link', { name: /Gifted Channel/ });
    expect(cell.textContent).toContain('Monthly · Gift');
    expect(cell.textContent).not.toContain('Card');
    expect(cell.textContent).not.toContain('Cancelled');
  });

  it('shows the creator view: balances, payout rows, channels with their marks and add channel', async () => {
    await renderAt('/dashboard/creator', async () =>
      dashboard('creator', {
        balances: [
          { kind: 'active', amount: money(1250, 'eur') },
          { kind: 'payout', amount: money(300000, 'rub') },
        ],
        channels: [channel(1, 'Bakery'), channel(2, 'Garden', { connected: false, activeSubscribers: 1 })],
      }),
    );
    await screen.findByRole('heading', { name: 'Balance' });
    expect(screen.getByText('€12.50')).toBeTruthy();
    expect(screen.getByText('3,000 ₽')).toBeTruthy(); // the matcher normalises the no-break space
    expect(screen.getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/payout');
    expect(screen.getByRole('link', { name: /Provide payout details/ }).getAttribute('href')).toBe('/payout/setup');
    expect(screen.getByRole('link', { name: /Bakery.*3 paid subscribers/ }).getAttribute('href')).toBe('/channel/1');
    expect(screen.getByRole('link', { name: /Garden.*1 paid subscriber.*Bot disconnected/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add channel' }).getAttribute('href')).toBe('/connectbot');
    expect(screen.getByRole('link', { name: 'Switch to follower view' }).getAttribute('href')).toBe(
      '/dashboard/follower',
    );
  });

  it('titles a withdrawal row "Withdrawal" as the payout screen does, with where the money went as its subtitle', async () => {
    const withdrawal = {
      id: 7,
      type: 'withdrawal' as const,
      createdAt: 1_750_000_000,
      total: money(1500, 'eur'),
      amount: money(1500, 'eur'),
      paymentMethod: 'bank_card' as const,
      card: { brand: 'visa' as const, last4: '4242' },
    };
    await renderAt('/dashboard/creator', async () =>
      dashboard('creator', { transactions: { items: [withdrawal], nextFrom: null } }),
    );
    const row = await screen.findByRole('link', { name: /Withdrawal/ });
    expect(row.getAttribute('href')).toBe('/transaction/7');
    expect(row.textContent).toContain('Bank card \u2066•••• 4242\u2069');
    expect(row.textContent).not.toContain('Done');
    expect(row.textContent).toContain('-€15');
  });

  it('is replaced with /verification by the shell when the creator view needs verification', async () => {
    await renderAt('/dashboard/creator', async () => Promise.reject(new RepositoryError('verification_required')));
    await screen.findByText('verification page');
    expect(window.location.pathname).toBe('/verification');
  });

  it('shows the error state with Retry for other failures', async () => {
    let fail = true;
    await renderAt('/dashboard/creator', async () =>
      fail ? Promise.reject(new RepositoryError('error_unknown')) : dashboard('creator'),
    );
    await screen.findByRole('heading', { name: 'Error' });
    fail = false;
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    await screen.findByRole('heading', { name: 'Balance' });
  });

  it('sends an unknown mode to /dashboard', async () => {
    await renderAt('/dashboard/admin', async () => dashboard('follower'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/follower'));
  });
});
