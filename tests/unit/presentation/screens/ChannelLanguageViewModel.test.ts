import { SetChannelLanguage } from '../../../../src/application/use-cases/channels/SetChannelLanguage';
import { ChannelLanguageViewModel } from '../../../../src/presentation/screens/ChannelLanguage/ChannelLanguageViewModel';
import { createWorld } from '../../application/support/world';
import { FlakyChannels, RecordingPlatform, toastStore } from './support/channelFakes';

function setup(failures: string[] = []) {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, { language: 'en' });
  const channels = new FlakyChannels(world.as(owner).channels, failures);
  const toasts = toastStore(new RecordingPlatform());
  const vm = new ChannelLanguageViewModel(channels, new SetChannelLanguage(channels), toasts, channel.id);
  return { world, vm, toasts, channels, channelId: channel.id };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('ChannelLanguageViewModel', () => {
  it('is a not-found error without asking the server when the id is missing (/channel without ?id=)', async () => {
    const world = createWorld();
    const owner = world.seed.user({ verification: 'approved' });
    const channels = new FlakyChannels(world.as(owner).channels, []);
    const vm = new ChannelLanguageViewModel(
      channels,
      new SetChannelLanguage(channels),
      toastStore(new RecordingPlatform()),
      Number.NaN,
    );
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'not_found' });
    expect(channels.languageCalls).toBe(0);
  });

  it('lists ru, en and id from GET /channel/languages with the saved one chosen; saving needs a different one', async () => {
    const { vm, channels } = setup();
    await vm.load();
    expect(channels.languageCalls).toBe(1);
    expect(vm.languages.map((language) => language.code).sort()).toEqual(['en', 'id', 'ru']);
    expect(vm.selected).toBe('en');
    expect(vm.canSave).toBe(false);
    vm.select('ru');
    expect(vm.canSave).toBe(true);
    vm.select('en');
    expect(vm.canSave).toBe(false);
  });

  it('saves with a success toast and answers true so the screen goes back', async () => {
    const { vm, world, channelId, toasts } = setup();
    await vm.load();
    vm.select('id');
    const saving = vm.save();
    expect(vm.saving).toBe(true);
    vm.select('ru'); // ignored while saving
    expect(await saving).toBe(true);
    expect(world.backend.channels.get(channelId)?.language.code).toBe('id');
    expect(vm.current).toBe('id');
    expect(vm.canSave).toBe(false);
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'channel.language.saved' } }),
    );
  });

  it('a failed save keeps the screen with a fail toast carrying the server message', async () => {
    const { vm, world, channelId, toasts } = setup();
    await vm.load();
    vm.select('ru');
    world.backend.channels.get(channelId)!.moderation = 'in_progress';
    expect(await vm.save()).toBe(false);
    expect(vm.saving).toBe(false);
    expect(world.backend.channels.get(channelId)?.language.code).toBe('en');
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { text: 'Channel moderation in progress' } }),
    );
  });

  it('shows the error state when loading fails', async () => {
    const { vm } = setup(['not_found']);
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'not_found' });
  });
});
