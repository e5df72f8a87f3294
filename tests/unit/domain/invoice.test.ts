import {
  invoiceLoadStateFromError,
  invoiceNotFoundKey,
  invoicePath,
  isDeepPathNeedingDashboardBelow,
  parseStartParam,
  startParamRoute,
} from '../../../src/domain/invoice';

describe('invoice', () => {
  it.each([
    ['not_found', 'notFound'],
    ['payments_disabled', 'disabled'],
    ['already_subscribed', 'alreadyExists'],
    ['banned', null],
    ['error_unknown', null],
  ])('error %s → %p', (code, state) => {
    expect(invoiceLoadStateFromError(code)).toBe(state);
  });

  it('has a not-found text per kind', () => {
    expect(invoiceNotFoundKey('donation')).not.toBe(invoiceNotFoundKey('subscription'));
  });

  it.each([
    ['subscription_12', { kind: 'subscription', id: 12 }],
    ['donation_7', { kind: 'donation', id: 7 }],
    ['donation_0', null],
    ['donation_07', null],
    ['donation_', null],
    ['donation_-3', null],
    ['gift_5', null],
    ['subscription_12_x', null],
    ['', null],
    [undefined, null],
  ])('start param %p → %p', (param, parsed) => {
    expect(parseStartParam(param)).toEqual(parsed);
  });

  it('routes a start parameter to its invoice page', () => {
    expect(startParamRoute('subscription_12')).toBe('/invoice/subscription/12');
    expect(invoicePath('donation', 7)).toBe('/invoice/donation/7');
    expect(startParamRoute('nope')).toBeNull();
  });

  it.each([
    ['/', false],
    ['', false],
    ['/dashboard', false],
    ['/dashboard/creator', false],
    ['/dashboard/', false],
    ['/invoice/donation/5', false],
    ['/channel/5', true],
    ['/payout/settings?x=1', true],
    ['/transaction/9/', true],
    ['/dashboardish', true],
  ])('%p needs a dashboard entry below: %p', (path, needs) => {
    expect(isDeepPathNeedingDashboardBelow(path)).toBe(needs);
  });
});
