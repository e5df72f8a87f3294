import { DeleteChannel } from '../../../../src/application/use-cases/channels/DeleteChannel';
import { ChannelSettingsViewModel } from '../../../../src/presentation/screens/ChannelSettings/ChannelSettingsViewModel';
import { createWorld } from '../../application/support/world';
import { FlakyChannels, RecordingPlatform, recordingDialogs, toastStore } from './support/channelFakes';

function setup(subscriptions: { isDeleted: boolean }[] = [], failures: string[] = []) {
  const world = createWorld();
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, { name: 'Garden', language: 'id' });
  for (const options of subscriptions) world.seed.subscription(channel.id, options);
  const channels = new FlakyChannels(world.as(owner).channels, failures);
  const platform = new RecordingPlatform();
  const toasts = toastStore(platform);
  const vm = new ChannelSettingsViewModel(channels, new DeleteChannel(channels), toasts, platform, channel.id);
  return { world, vm, toasts, platform, channelId: channel.id };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('ChannelSettingsViewModel', () => {
  it('loads the channel with its language for the language row', async () => {
    const { vm } = setup();
    const loading = vm.load();
    expect(vm.state.status).toBe('loading');
    await loading;
    expect(vm.state.status).toBe('ready');
    expect(vm.channel?.language.code).toBe('id');
  });

  it('shows the error state with its code when loading fails, and loads again on retry', async () => {
    const { vm } = setup([], ['error_unknown']);
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'error_unknown' });
    await vm.load();
    expect(vm.state.status).toBe('ready');
  });

  it('blocks deleting a channel with live subscriptions with the popup', async () => {
    const { vm, world, channelId } = setup([{ isDeleted: false }, { isDeleted: true }]);
    await vm.load();
    expect(vm.liveSubscriptionCount).toBe(1);
    const dialogs = recordingDialogs(true);
    expect((await vm.deleteChannel(dialogs)).kind).toBe('blocked');
    expect(dialogs.shown).toEqual(['blocked']);
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(false);
  });

  it('deletes after confirmation with a success toast', async () => {
    const { vm, world, channelId, toasts } = setup([{ isDeleted: true }]);
    await vm.load();
    const dialogs = recordingDialogs(true);
    const deleting = vm.deleteChannel(dialogs);
    expect(vm.deleting).toBe(true);
    expect((await deleting).kind).toBe('deleted');
    expect(vm.deleting).toBe(false);
    expect(world.backend.channels.get(channelId)?.isDeleted).toBe(true);
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'channel.delete.done' } }),
    );
  });

  it('a server failure shows a fail toast with the server message and keeps the channel', async () => {
    const { vm, world, channelId, toasts } = setup();
    await vm.load();
    const channel = world.backend.channels.get(channelId)!;
    world.backend.users.get(channel.ownerId)!.banned = true;
    const outcome = await vm.deleteChannel(recordingDialogs(true));
    expect(outcome).toEqual({ kind: 'failed', code: 'banned', message: 'Account banned' });
    expect(channel.isDeleted).toBe(false);
    expect(toasts.current).toEqual(expect.objectContaining({ kind: 'fail', message: { text: 'Account banned' } }));
  });

  it('deletes through the host popups with the texts it is given: confirm first, then the blocked notice when subscriptions remain', async () => {
    const texts = {
      blockedTitle: 'Cannot delete',
      blockedText: 'Delete subscriptions first',
      confirmTitle: 'Delete?',
      confirmText: 'Delete Garden?',
      confirmButton: 'Delete',
    };
    const blocked = setup([{ isDeleted: false }]);
    await blocked.vm.load();
    expect((await blocked.vm.deleteWithPopups(texts)).kind).toBe('blocked');
    expect(blocked.platform.popups).toEqual([
      { title: 'Cannot delete', message: 'Delete subscriptions first', buttons: [{ id: 'ok', type: 'ok' }] },
    ]);

    const empty = setup();
    await empty.vm.load();
    empty.platform.popupAnswer = null;
    expect((await empty.vm.deleteWithPopups(texts)).kind).toBe('cancelled');
    empty.platform.popupAnswer = 'delete';
    expect((await empty.vm.deleteWithPopups(texts)).kind).toBe('deleted');
    expect(empty.platform.popups[1]).toEqual({
      title: 'Delete?',
      message: 'Delete Garden?',
      buttons: [
        { id: 'cancel', type: 'cancel' },
        { id: 'delete', type: 'destructive', text: 'Delete' },
      ],
    });
  });
});
