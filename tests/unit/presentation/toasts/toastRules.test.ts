import {
  createToast,
  storedToastKind,
  toastAutoHides,
  toastHaptic,
} from '../../../../src/presentation/toasts/toastRules';

describe('toasts', () => {
  it.each([
    ['success', 'success', 'success'],
    ['copied', 'success', 'copied'],
    ['fail', 'error', 'fail'],
    ['info', 'warning', 'fail'],
    ['loading', 'none', 'loading'],
  ] as const)('%s gives %s haptic and is stored as %s', (kind, haptic, stored) => {
    expect(toastHaptic(kind)).toBe(haptic);
    expect(storedToastKind(kind)).toBe(stored);
  });

  it('auto-hides every kind but loading (the delays: ToastStore.test.ts)', () => {
    expect(toastAutoHides('loading')).toBe(false);
    expect(toastAutoHides('success')).toBe(true);
  });

  it('stamps a toast with label and time', () => {
    expect(createToast('info', 'payout_saved', 1234)).toEqual({ kind: 'fail', label: 'payout_saved', timestamp: 1234 });
  });
});
