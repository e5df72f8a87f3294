import { createToast, storedToastKind, TOAST_AUTO_HIDE_MS, TOAST_HIDE_DELAY_MS, toastAutoHides, toastHaptic } from '../../../../src/presentation/toasts/toastRules';

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

  it('hides after 3 s with a 450 ms delay; loading stays', () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(3000);
    expect(TOAST_HIDE_DELAY_MS).toBe(450);
    expect(toastAutoHides('loading')).toBe(false);
    expect(toastAutoHides('success')).toBe(true);
  });

  it('stamps a toast with label and time', () => {
    expect(createToast('info', 'payout_saved', 1234)).toEqual({ kind: 'fail', label: 'payout_saved', timestamp: 1234 });
  });
});
