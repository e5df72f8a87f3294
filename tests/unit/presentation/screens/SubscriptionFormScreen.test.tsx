/** @jest-environment jsdom */
import '../support/jsdom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CreateSubscription } from '../../../../src/application/use-cases/subscriptions/CreateSubscription';
import { EditSubscription } from '../../../../src/application/use-cases/subscriptions/EditSubscription';
import { TOKENS } from '../../../../src/di/tokens';
import { money } from '../../../../src/domain/money';
import { SubscriptionFormViewModel } from '../../../../src/presentation/screens/SubscriptionForm/SubscriptionFormViewModel';
import { createWorld } from '../../application/support/world';
import { englishI18n, fakeShell, renderInShell, routeScreen } from '../support/render';
import { ScriptedSubscriptions } from './support/subscriptionFakes';

beforeAll(async () => {
  await englishI18n();
});

async function renderForm(mode: 'create' | 'edit') {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id);
  const existing = world.seed.subscription(channel.id, { name: 'Club', period: 'yearly', price: money(1200, 'eur') });
  const repository = new ScriptedSubscriptions(world.as(owner).subscriptions);
  const shell = fakeShell();
  const toasts = shell.toasts;
  const factory = (channelId: number, subscriptionId: number | null) =>
    new SubscriptionFormViewModel(
      new CreateSubscription(repository),
      new EditSubscription(repository),
      repository,
      toasts,
      shell.platform,
      channelId,
      subscriptionId,
    );
  shell.services.set(TOKENS.SubscriptionFormViewModel, factory);
  window.history.replaceState(
    null,
    '',
    mode === 'create'
      ? `/channel/${channel.id}/subscription/create`
      : `/channel/${channel.id}/subscription/${existing.id}/edit`,
  );
  await act(async () => {
    renderInShell(
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route
            path="/channel/:channelId/subscription/create"
            element={routeScreen('/channel/:channelId/subscription/create')}
          />
          <Route
            path="/channel/:channelId/subscription/:subscriptionId/edit"
            element={routeScreen('/channel/:channelId/subscription/:subscriptionId/edit')}
          />
          <Route path="/channel/:channelId/subscription/:subscriptionId" element={<p>subscription page</p>} />
        </Routes>
      </Suspense>,
      shell,
    );
  });
  return { world, shell, channel, existing };
}

// The first render loads the form's modules and texts: over Jest's 5 s default on a busy 2-core machine.
jest.setTimeout(20_000);

describe('SubscriptionFormScreen', () => {
  it('create: defaults, the Create main button, focus on the first failing field, then the subscription page', async () => {
    const { shell, world, channel } = await renderForm('create');
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Monthly Subscription');
    expect((screen.getByLabelText('Button text') as HTMLInputElement).value).toBe('Subscribe');
    expect(screen.getByRole('tab', { name: 'Monthly' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(shell.platform.mainButton).toEqual(expect.objectContaining({ text: 'Create', visible: true })),
    );

    act(() => screen.getByRole('tab', { name: 'Weekly' }).click());
    expect(name.value).toBe('Weekly Subscription');

    await act(async () => shell.platform.pressMainButton());
    expect(document.activeElement).toBe(screen.getByLabelText('Price'));
    expect(shell.toasts.current?.message).toEqual({ key: 'subscription.form.errors.amount_required' });

    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '3,5' } });
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('3.5');
    fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'x'.repeat(22) } });
    expect(screen.getByText('-2')).toBeTruthy();
    await act(async () => shell.platform.pressMainButton());
    expect(document.activeElement).toBe(screen.getByLabelText('Button text'));

    fireEvent.change(screen.getByLabelText('Button text'), { target: { value: 'Join' } });
    await act(async () => shell.platform.pressMainButton());
    await screen.findByText('subscription page');
    const created = [...world.backend.subscriptions.values()].find(
      (s) => s.channelId === channel.id && s.name === 'Weekly Subscription',
    );
    expect(created).toEqual(
      expect.objectContaining({ period: 'weekly', price: money(350, 'eur'), buttonText: 'Join' }),
    );
  });

  it('edit: period and currency read-only, the Save main button', async () => {
    const { shell } = await renderForm('edit');
    const price = (await screen.findByLabelText('Price')) as HTMLInputElement;
    expect(price.value).toBe('12');
    expect(screen.queryByRole('tab', { name: 'Monthly' })).toBeNull();
    expect(screen.queryByLabelText('Currency')).toBeNull();
    expect(screen.getByText('Yearly')).toBeTruthy();
    expect(screen.getByText('EUR')).toBeTruthy();
    // A yearly subscription sells in Stars one period at a time: the field says so; empty is not sold in Stars.
    const stars = screen.getByLabelText('Price in Stars') as HTMLInputElement;
    expect(stars.value).toBe('');
    expect(stars.placeholder).toBe('Not sold for Stars');
    expect(screen.getByText(/Stars pay for one period at a time, without renewal/)).toBeTruthy();
    await waitFor(() =>
      expect(shell.platform.mainButton).toEqual(expect.objectContaining({ text: 'Save', visible: true })),
    );
  });
});
