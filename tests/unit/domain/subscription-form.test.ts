import type { Period } from '../../../src/domain/entities';
import { money } from '../../../src/domain/money';
import {
  DEFAULT_SUBSCRIPTION_NAME_KEYS,
  defaultSubscriptionForm,
  periodAndCurrencyEditable,
  renameOnPeriodChange,
  type SubscriptionForm,
  validateSubscriptionForm,
} from '../../../src/domain/subscription-form';

const translate = (key: string) => `t(${key})`;
const valid: SubscriptionForm = {
  ...defaultSubscriptionForm(7, translate),
  name: 'Monthly Subscription',
  description: 'Fuel the channel',
  buttonText: 'Subscribe',
  amount: '5',
};
const errorOf = (form: SubscriptionForm) => {
  const result = validateSubscriptionForm(form);
  return result.ok ? null : result.error;
};

describe('subscription form defaults', () => {
  it('starts monthly in eur with publish and pin on, sound on, amount empty', () => {
    const form = defaultSubscriptionForm(7, translate);
    expect(form).toMatchObject({
      channelId: 7,
      period: 'monthly',
      currency: 'eur',
      amount: '',
      publish: true,
      disableNotification: false,
      pin: true,
      name: 't(subscription_default_name_monthly)',
      description: 't(subscription_default_description)',
      buttonText: 't(subscription_default_button_text)',
    });
  });

  it('has a default name key per period', () => {
    expect(Object.keys(DEFAULT_SUBSCRIPTION_NAME_KEYS).sort()).toEqual(['monthly', 'onetime', 'weekly', 'yearly']);
    expect(new Set(Object.values(DEFAULT_SUBSCRIPTION_NAME_KEYS)).size).toBe(4);
  });

  it('makes period and currency editable on creation only', () => {
    expect(periodAndCurrencyEditable(false)).toBe(true);
    expect(periodAndCurrencyEditable(true)).toBe(false);
  });
});

describe('renameOnPeriodChange', () => {
  const names: Record<Period, string> = {
    onetime: 'One-time',
    weekly: 'Weekly Subscription',
    monthly: 'Monthly Subscription',
    yearly: 'Yearly Subscription',
  };
  const defaultNameOf = (period: Period) => names[period];

  it('follows the period while the name is the old default', () => {
    expect(renameOnPeriodChange('Monthly Subscription', 'monthly', 'yearly', defaultNameOf)).toBe(
      'Yearly Subscription',
    );
  });

  it('keeps a name the creator typed', () => {
    expect(renameOnPeriodChange('VIP club', 'monthly', 'yearly', defaultNameOf)).toBe('VIP club');
    expect(renameOnPeriodChange('', 'monthly', 'yearly', defaultNameOf)).toBe('');
  });

  it("keeps another period's default that is not the previous one", () => {
    expect(renameOnPeriodChange('Weekly Subscription', 'monthly', 'yearly', defaultNameOf)).toBe('Weekly Subscription');
  });
});

describe('validateSubscriptionForm', () => {
  it('accepts a valid form and returns trimmed texts and the price', () => {
    const result = validateSubscriptionForm({ ...valid, name: '  Club  ', amount: '5,50' });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Club',
        description: 'Fuel the channel',
        buttonText: 'Subscribe',
        period: 'monthly',
        price: money(550, 'eur'),
      },
    });
  });

  it.each([
    ['0.99', 'amount_below', 100],
    ['1', null, null],
    ['1000', null, null],
    ['1000.01', 'amount_above', 100000],
  ])('eur amount %s → %p', (amount, code, bound) => {
    const error = errorOf({ ...valid, amount });
    expect(error?.code ?? null).toBe(code);
    if (error?.field === 'amount') expect(error.bound?.minor).toBe(bound);
  });

  it.each([
    ['199', 'amount_below'],
    ['200', null],
    ['60000', null],
    ['60001', 'amount_above'],
  ])('rub amount %s → %p', (amount, code) => {
    expect(errorOf({ ...valid, currency: 'rub', amount })?.code ?? null).toBe(code);
  });

  it('requires an amount and treats unparsable text as missing', () => {
    expect(errorOf({ ...valid, amount: '' })).toEqual({ field: 'amount', code: 'amount_required' });
    expect(errorOf({ ...valid, amount: 'abc' })).toEqual({ field: 'amount', code: 'amount_required' });
  });

  it.each([
    ['name', 32],
    ['description', 300],
    ['buttonText', 20],
  ] as const)('%s: required, %i characters fit, one more is too long', (field, max) => {
    expect(errorOf({ ...valid, [field]: '' })).toEqual({ field, code: 'required' });
    expect(errorOf({ ...valid, [field]: '   ' })).toEqual({ field, code: 'required' });
    expect(errorOf({ ...valid, [field]: 'x'.repeat(max) })).toBeNull();
    expect(errorOf({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({ field, code: 'too_long', max });
  });

  it('reports the first failing field in the order amount, name, description, button text', () => {
    const allBad = { ...valid, amount: '', name: '', description: '', buttonText: '' };
    expect(errorOf(allBad)?.field).toBe('amount');
    expect(errorOf({ ...allBad, amount: '5' })?.field).toBe('name');
    expect(errorOf({ ...allBad, amount: '5', name: 'n' })?.field).toBe('description');
    expect(errorOf({ ...allBad, amount: '5', name: 'n', description: 'd' })?.field).toBe('buttonText');
  });
});
