import {
  connectedChatIds,
  isMigrationComplete,
  markConnected,
  migrationState,
  sortDonateChannels,
} from '../../../src/domain/migration';

describe('migration', () => {
  const donate = [
    { chatId: 1, name: 'Small', link: 'l1', activeSubscribers: 3 },
    { chatId: 2, name: 'Big', link: 'l2', activeSubscribers: 90 },
    { chatId: 3, name: 'Mid', link: 'l3', activeSubscribers: 10 },
    { chatId: 4, name: 'Mid too', link: 'l4', activeSubscribers: 10 },
  ];

  it('sorts by active subscribers, most first, ties in order', () => {
    expect(sortDonateChannels(donate).map((c) => c.chatId)).toEqual([2, 3, 4, 1]);
    expect(donate.map((c) => c.chatId)).toEqual([1, 2, 3, 4]);
  });

  it('is complete only when every donation channel is connected', () => {
    expect(isMigrationComplete(donate, [1, 2, 3])).toBe(false);
    expect(isMigrationComplete(donate, new Set([1, 2, 3, 4, 99]))).toBe(true);
    expect(isMigrationComplete([], [])).toBe(true);
  });

  it('marks connected channels, counting only connected and not deleted ones', () => {
    const ids = connectedChatIds([
      { chatId: 1, connected: true, isDeleted: false },
      { chatId: 2, connected: false, isDeleted: false },
      { chatId: 3, connected: true, isDeleted: true },
    ]);
    expect([...ids]).toEqual([1]);
    expect(markConnected(donate, ids).map((c) => [c.chatId, c.connected])).toEqual([
      [2, false],
      [3, false],
      [4, false],
      [1, true],
    ]);
  });
});

describe('migrationState: when the migration is due, required or available', () => {
  const state = (
    hasDonateChannels: boolean,
    refused: boolean,
    requestStatus: 'queued' | 'importing' | 'completed' | null,
  ) => migrationState({ hasDonateChannels, refused, requestStatus });

  it('is required while due without a request and available with a queued or importing one', () => {
    expect(state(true, false, null)).toEqual({ required: true, available: false });
    expect(state(true, false, 'queued')).toEqual({ required: false, available: true });
    expect(state(true, false, 'importing')).toEqual({ required: false, available: true });
  });

  it('is not due without donation channels, once refused, or once completed', () => {
    expect(state(false, false, null)).toEqual({ required: false, available: false });
    expect(state(true, true, null)).toEqual({ required: false, available: false });
    expect(state(true, false, 'completed')).toEqual({ required: false, available: false });
  });
});
