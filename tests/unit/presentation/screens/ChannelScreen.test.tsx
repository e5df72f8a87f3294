/** @jest-environment jsdom */
import '../support/jsdom';
import { act, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DeleteChannel } from '../../../../src/application/use-cases/channels/DeleteChannel';
import { SetChannelLanguage } from '../../../../src/application/use-cases/channels/SetChannelLanguage';
import { SkipOnboardingStep } from '../../../../src/application/use-cases/channels/SkipOnboardingStep';
import { TOKENS } from '../../../../src/di/tokens';
import type { SeedChannelOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { ChannelViewModel } from '../../../../src/presentation/screens/Channel/ChannelViewModel';
import { ToastStore } from '../../../../src/presentation/toasts/ToastStore';
import { type World, createWorld } from '../../application/support/world';
import { dateClock, englishI18n, fakeShell, renderInShell, routeScreen } from '../support/render';
import { FlakyChannels, ManualScheduler, RecordingPlatform } from './support/channelFakes';

beforeAll(async () => {
  await englishI18n();
});

async function renderChannel(options: SeedChannelOptions = {}, prepare?: (world: World, channelId: number) => void) {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, { name: 'Bakery', ...options });
  prepare?.(world, channel.id);
  const channels = new FlakyChannels(world.as(owner).channels);
  const platform = new RecordingPlatform();
  const toasts = new ToastStore(platform, dateClock);
  const factory = (channelId: number) =>
    new ChannelViewModel(
      channels,
      new SetChannelLanguage(channels),
      new SkipOnboardingStep(channels),
      new DeleteChannel(channels),
      new ManualScheduler(),
      platform,
      toasts,
      dateClock,
      channelId,
    );
  const shell = fakeShell([[TOKENS.ChannelViewModel, factory]]);
  shell.services.set(TOKENS.MessengerPlatform, platform);
  shell.services.set(TOKENS.ToastStore, toasts);
  window.history.replaceState(null, '', `/channel/${channel.id}`);
  // The first render suspends while the view-model factory resolves: render inside an awaited act.
  await act(async () => {
    renderInShell(
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path="/channel/:channelId" element={routeScreen('/channel/:channelId')} />
          <Route path="/dashboard" element={<p>dashboard</p>} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </Suspense>,
      shell,
    );
  });
  return { world, platform, toasts, channelId: channel.id };
}

describe('ChannelScreen', () => {
  it('select-language step: the host main button saves the language and the next step shows', async () => {
    const { platform, world, channelId } = await renderChannel({ onboardingStep: 'select_language' });
    await screen.findByRole('heading', { name: 'Choose the channel language' });
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Continue', visible: true, enabled: true }));
    act(() => screen.getByRole('radio', { name: /Russian/ }).click());
    await act(async () => platform.pressMainButton());
    await screen.findByRole('heading', { name: 'Add a paid subscription' });
    expect(world.backend.channels.get(channelId)?.language.code).toBe('ru');
    await waitFor(() =>
      expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Create subscription', visible: true })),
    );
  });

  it('create-subscription step of a disconnected channel: the warning row and a disabled main button', async () => {
    const { platform } = await renderChannel({ onboardingStep: 'create_subscription', connected: false });
    await screen.findByRole('heading', { name: 'Add a paid subscription' });
    expect(screen.getByRole('link', { name: /The bot has no access to the channel/ }).getAttribute('href')).toBe(
      '/connectbot',
    );
    await waitFor(() =>
      expect(platform.mainButton).toEqual(expect.objectContaining({ text: 'Create subscription', enabled: false })),
    );
  });

  it('main view: name, paid subscribers, subscription rows with price and deleted mark, no main button', async () => {
    const { platform, channelId } = await renderChannel({}, (world, id) => {
      world.seed.subscription(id, { name: 'Weekly bread', period: 'weekly' });
      world.seed.subscription(id, { name: 'Old plan', isDeleted: true });
    });
    await screen.findByRole('heading', { level: 1, name: 'Bakery' });
    expect(screen.getByText('0 paid subscribers')).toBeTruthy();
    const row = screen.getByRole('link', { name: /Weekly bread/ });
    expect(row.textContent).toContain('€5 per week');
    expect(row.getAttribute('href')).toMatch(new RegExp(`^/channel/${channelId}/subscription/\\d+$`));
    expect(screen.getByRole('link', { name: /Old plan/ }).textContent).toContain('Deleted');
    expect((screen.getByRole('button', { name: 'Donation' }) as HTMLButtonElement).disabled).toBe(false);
    expect(platform.mainButton.visible).toBe(false);
  });

  it('More → Delete on a channel with subscriptions shows the "Can\'t Delete a Channel" popup', async () => {
    const { platform, world, channelId } = await renderChannel({}, (w, id) => w.seed.subscription(id));
    await screen.findByRole('heading', { level: 1, name: 'Bakery' });
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => more.click());
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(`/channel/${channelId}/settings`);
    await act(async () => screen.getByRole('button', { name: 'Delete channel' }).click());
    expect(platform.popups.map((popup) => popup.title)).toEqual(["Can't Delete a Channel"]);
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(false);
  });

  it('More → Delete on an empty channel asks to confirm, deletes and goes to the dashboard', async () => {
    const { platform, world, channelId, toasts } = await renderChannel();
    await screen.findByRole('heading', { level: 1, name: 'Bakery' });
    platform.popupAnswer = 'delete';
    act(() => screen.getByRole('button', { name: 'More' }).click());
    await act(async () => screen.getByRole('button', { name: 'Delete channel' }).click());
    await screen.findByText('dashboard');
    expect(platform.popups.map((popup) => popup.title)).toEqual(['Delete the channel?']);
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(true);
    expect(toasts.current?.kind).toBe('success');
  });

  it('moderation rejected: the placeholder with the guidelines button and no Retry', async () => {
    await renderChannel({ moderation: 'rejected' });
    await screen.findByRole('heading', { name: 'Channel not approved' });
    expect(screen.getByRole('button', { name: 'Read the guidelines' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
