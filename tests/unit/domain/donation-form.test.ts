import { defaultDonationForm, type DonationForm, validateDonationForm } from '../../../src/domain/donation-form';
import { money } from '../../../src/domain/money';

const translate = (key: string) => `t(${key})`;
const valid: DonationForm = {
  ...defaultDonationForm(3, translate),
  title: 'Support us',
  description: 'Every euro helps',
  buttonText: 'Donate',
};
const errorOf = (form: DonationForm) => {
  const result = validateDonationForm(form);
  return result.ok ? null : result.error;
};

describe('donation form', () => {
  it('defaults to eur, amount 0, the Donate button text, pin on, sound on', () => {
    expect(defaultDonationForm(3, translate)).toEqual({
      channelId: 3,
      title: '',
      description: '',
      currency: 'eur',
      amount: '0',
      buttonText: 't(donation_default_button_text)',
      pin: true,
      disableNotification: false,
      stars: '',
      goal: '',
      endsOn: '',
    });
  });

  it.each([
    ['title', 32],
    ['description', 140],
    ['buttonText', 20],
  ] as const)('%s: required, max %i', (field, max) => {
    expect(errorOf({ ...valid, [field]: '' })).toEqual({ field, code: 'required' });
    expect(errorOf({ ...valid, [field]: 'y'.repeat(max) })).toBeNull();
    expect(errorOf({ ...valid, [field]: 'y'.repeat(max + 1) })).toEqual({ field, code: 'too_long', max });
  });

  it('checks title, description, button text, then amount', () => {
    const allBad = { ...valid, title: '', description: '', buttonText: '', amount: '99999' };
    expect(errorOf(allBad)?.field).toBe('title');
    expect(errorOf({ ...allBad, title: 't' })?.field).toBe('description');
    expect(errorOf({ ...allBad, title: 't', description: 'd' })?.field).toBe('buttonText');
    expect(errorOf({ ...allBad, title: 't', description: 'd', buttonText: 'b' })?.field).toBe('amount');
  });

  it('treats amount 0 or empty as "payer chooses"', () => {
    const result = validateDonationForm(valid);
    expect(result.ok && result.value.amount).toEqual(money(0, 'eur'));
    expect(validateDonationForm({ ...valid, amount: '' }).ok).toBe(true);
  });

  it.each([
    ['eur', '0.99', 'amount_below'],
    ['eur', '1', null],
    ['eur', '2000', null],
    ['eur', '2000.01', 'amount_above'],
    ['rub', '199', 'amount_below'],
    ['rub', '150000', null],
    ['rub', '150001', 'amount_above'],
  ] as const)('%s amount %s → %p', (currency, amount, code) => {
    expect(errorOf({ ...valid, currency, amount })?.code ?? null).toBe(code);
  });
});
