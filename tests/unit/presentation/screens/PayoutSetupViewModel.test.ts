import type { PayoutRepository, WithdrawalAccountInput } from '../../../../src/application/ports/PayoutRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { SaveWithdrawalAccount } from '../../../../src/application/use-cases/payouts/SaveWithdrawalAccount';
import { PROVIDER_TEST_CARDS } from '../../../../src/contract/api';
import { PayoutSetupStore, payoutCurrencyFor } from '../../../../src/presentation/screens/PayoutSetup/PayoutSetupStore';
import {
  PayoutSetupViewModel,
  invalidFieldMessage,
  isConnectionFailure,
} from '../../../../src/presentation/screens/PayoutSetup/PayoutSetupViewModel';
import { createWorld } from '../../application/support/world';
import { SubscriptionPlatform, toastStore } from './support/subscriptionFakes';

/** The in-memory payout repository, with saves that can fail with a code first, and recorded. */
class ScriptedPayouts implements PayoutRepository {
  readonly saves: WithdrawalAccountInput[] = [];
  readonly failures: RepositoryError[] = [];
  /** While set, a save waits for it. */
  gate: Promise<void> | null = null;
  constructor(private readonly real: PayoutRepository) {}
  state() {
    return this.real.state();
  }
  parameters() {
    return this.real.parameters();
  }
  banks(query: Parameters<PayoutRepository['banks']>[0]) {
    return this.real.banks(query);
  }
  async saveAccount(account: WithdrawalAccountInput) {
    this.saves.push(account);
    if (this.gate !== null) await this.gate;
    const failure = this.failures.shift();
    if (failure !== undefined) throw failure;
    return this.real.saveAccount(account);
  }
}

const translate = (key: string, params?: Record<string, string>) => `${key}${params ? JSON.stringify(params) : ''}`;

function setup(country: string | null = 'DE') {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved', country: country ?? undefined });
  const repositories = world.as(creator);
  const payouts = new ScriptedPayouts(repositories.payouts);
  const platform = new SubscriptionPlatform();
  const toasts = toastStore(platform);
  const store = new PayoutSetupStore(payouts);
  const save = new SaveWithdrawalAccount(payouts, repositories.provider);
  const create = () => {
    const vm = new PayoutSetupViewModel(store, save, platform, toasts);
    vm.setTranslator(translate);
    return vm;
  };
  return { world, creator, repositories, payouts, platform, toasts, store, create };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

describe('PayoutSetupViewModel: loading and choices', () => {
  it('starts in the user country with its first method and that method currency; countries sorted by name', async () => {
    const { create } = setup('RU');
    const vm = create();
    await vm.load('en');
    expect(vm.state.status).toBe('ready');
    expect(vm.form).toEqual(
      expect.objectContaining({
        countryCodeIso2: 'RU',
        countryCodeIso3: 'RUS',
        methodType: 'bank_card',
        currency: 'rub',
      }),
    );
    expect(vm.methods).toEqual(['bank_card', 'ru_account']);
    const names = vm.countries.map(
      (c) => new Intl.DisplayNames(['en'], { type: 'region' }).of(c.countryCodeIso2) ?? '',
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('without a known country asks for one before saving', async () => {
    const { create, payouts, toasts } = setup(null);
    const vm = create();
    await vm.load('en');
    expect(vm.form?.countryCodeIso2).toBe('');
    await expect(vm.save()).resolves.toBe('stay');
    expect(vm.invalid?.field).toBe('country');
    expect(toasts.current?.kind).toBe('fail');
    expect(payouts.saves).toHaveLength(0);
  });

  it('derives the currency from the server requirement sets', async () => {
    const { repositories } = setup();
    const parameters = await repositories.payouts.parameters();
    expect(payoutCurrencyFor(parameters, 'RU', 'ru_account')).toBe('rub');
    expect(payoutCurrencyFor(parameters, 'FR', 'swift')).toBe('eur');
    expect(payoutCurrencyFor({ requirements: [] }, 'XX', 'bank_card')).toBe('eur');
  });

  it('groups the card number by four and cuts it to the 24-character field', async () => {
    const { create } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', '4242-4242 4242424212345678901');
    expect(vm.form?.fields.cardNumber).toBe('4242 4242 4242 4242 1234');
  });

  it('keeps the form in the store across the setup screen and its pickers', async () => {
    const { create } = setup();
    const setupScreen = create();
    await setupScreen.load('en');
    setupScreen.setField('cardNumber', '4242');
    setupScreen.dispose();
    const picker = create();
    await picker.load('en');
    picker.chooseCountry('FR');
    picker.dispose();
    const back = create();
    await back.load('en');
    expect(back.form).toEqual(expect.objectContaining({ countryCodeIso2: 'FR', fields: { cardNumber: '4242' } }));
  });
});

describe('PayoutSetupViewModel: saving', () => {
  it('bank card: an invalid number is highlighted with its message, a toast and focus; no call is made', async () => {
    const { create, payouts, toasts } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', '4242 4242 4242 4241');
    await expect(vm.save()).resolves.toBe('stay');
    expect(vm.invalid).toEqual({
      field: 'cardNumber',
      message: { key: 'payout.errors.invalid_card_number', params: {} },
    });
    expect(toasts.current?.message).toEqual({ key: 'payout.errors.invalid_card_number', params: {} });
    expect(vm.focusRequest).toEqual({ field: 'cardNumber', seq: 1 });
    expect(payouts.saves).toHaveLength(0);
    vm.setField('cardNumber', '4242');
    expect(vm.invalid).toBeNull();
  });

  it('bank card: saves a valid card as a provider token, never the number, and toasts success', async () => {
    const { create, payouts, toasts, store } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', PROVIDER_TEST_CARDS.approved.number);
    await expect(vm.save()).resolves.toBe('saved');
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'payout.setup.saved' } }),
    );
    expect(JSON.stringify(payouts.saves)).not.toContain(PROVIDER_TEST_CARDS.approved.number);
    expect(payouts.saves[0]).toEqual(
      expect.objectContaining({ countryIso3: 'DEU', methodType: 'bank_card', currency: 'eur' }),
    );
    expect(store.form).not.toBeNull();
    vm.dispose();
    expect(store.form).toBeNull();
  });

  it('country mismatch: confirming switches the account to the card country with the card method and saves again', async () => {
    const { create, payouts, platform, repositories } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', PROVIDER_TEST_CARDS.russianMir.number);
    platform.popupAnswer = 'switch';
    await expect(vm.save()).resolves.toBe('saved');
    expect(platform.popups).toHaveLength(1);
    expect(platform.popups[0].message).toBe('payout.setup.mismatchText{"country":"Russia"}');
    expect(payouts.saves.map((s) => s.countryIso3)).toEqual(['DEU', 'RUS']);
    expect(payouts.saves[1]).toEqual(expect.objectContaining({ methodType: 'bank_card', currency: 'rub' }));
    expect((await repositories.payouts.state()).withdrawalAccount).toEqual(
      expect.objectContaining({ country: 'RU', methodType: 'bank_card' }),
    );
  });

  it('country mismatch: declining keeps the form as it was', async () => {
    const { create, payouts, platform } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', PROVIDER_TEST_CARDS.russianMir.number);
    platform.popupAnswer = null;
    await expect(vm.save()).resolves.toBe('stay');
    expect(payouts.saves).toHaveLength(1);
    expect(vm.form?.countryCodeIso2).toBe('DE');
    expect(vm.saving).toBe(false);
  });

  it('a card from a country without payouts: a toast says it is not supported, no dialog', async () => {
    const { create, platform, toasts, payouts } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', PROVIDER_TEST_CARDS.approved.number);
    payouts.failures.push(
      new RepositoryError('error_country_mismatch', 'The card was issued in US, not in DE', { cardCountry: 'US' }),
    );
    await expect(vm.save()).resolves.toBe('stay');
    expect(platform.popups).toHaveLength(0);
    expect(toasts.current).toEqual(
      expect.objectContaining({
        kind: 'fail',
        message: { key: 'payout.setup.countryNotSupported', params: { country: 'United States' } },
      }),
    );
  });

  it('swift: the first invalid field (a bad IBAN) gets its own message; a valid one saves in electronic form', async () => {
    const { create, payouts } = setup();
    const vm = create();
    await vm.load('en');
    vm.chooseCountry('FR');
    vm.chooseMethod('swift');
    vm.setField('city', 'Paris');
    vm.setField('address', '1 Rue de Rivoli');
    await vm.save();
    expect(vm.invalid).toEqual({
      field: 'postal_code',
      message: { key: 'payout.errors.payout_postal_code_required', params: {} },
    });
    vm.setField('postal_code', '75001');
    vm.setField('iban', 'FR14 2004 1010 0505 0001 3M02 607');
    await vm.save();
    expect(vm.invalid).toEqual({
      field: 'iban',
      message: { key: 'payout.errors.payout_iban_invalid_iban', params: {} },
    });
    expect(vm.focusRequest?.field).toBe('iban');
    vm.setField('iban', 'fr14 2004 1010 0505 0001 3m02 606');
    await expect(vm.save()).resolves.toBe('saved');
    expect(payouts.saves[0].params).toEqual(
      expect.objectContaining({ iban: 'FR1420041010050500013M02606', city: 'Paris' }),
    );
  });

  it('server fields: a bank is required when banks exist, fixed values are filled, and the first bad field shows the server message', async () => {
    const { create, payouts, store } = setup('ID');
    const vm = create();
    await vm.load('en');
    expect(vm.form?.methodType).toBe('global_bank_account');
    expect(store.bankList?.length).toBeGreaterThan(0);
    await vm.save();
    expect(vm.invalid).toEqual({
      field: 'bank',
      message: { key: 'payout.errors.payout_setup_select_bank', params: {} },
    });
    expect(payouts.saves).toHaveLength(0);

    const bank = store.bankList!.find((candidate) => candidate.externalId === 'id_bca')!;
    vm.chooseBank(bank);
    expect(vm.invalid).toBeNull();
    expect(store.requirements.map((r) => r.name)).toContain('bank_account_number');
    expect(vm.form?.fields.country_iso_code).toBe('ID');
    vm.setField('bank_account_number', '12345');
    vm.setField('id_type', 'NATIONAL_ID');
    vm.setField('id_number', '3171234567890001');
    vm.setField('msisdn', '+6281234567890');
    vm.setField('address', 'Jl. Sudirman 1');
    vm.setField('city', 'Jakarta');
    await vm.save();
    expect(vm.invalid?.field).toBe('bank_account_number');
    expect(vm.invalid?.message).toEqual({ text: 'The account number has 10 digits' });
    vm.setField('bank_account_number', '1234567890');
    await expect(vm.save()).resolves.toBe('saved');
    expect(payouts.saves[0]).toEqual(
      expect.objectContaining({
        bank: { externalId: 'id_bca', bankName: bank.bankName },
        methodType: 'global_bank_account',
      }),
    );
  });

  it('a network failure shows the connection-trouble blockout; Try again saves the same account', async () => {
    const { create, payouts, toasts } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', PROVIDER_TEST_CARDS.approved.number);
    payouts.failures.push(new RepositoryError('network_error', 'Network Error'));
    await expect(vm.save()).resolves.toBe('stay');
    expect(vm.connectionTrouble).toBe(true);
    expect(toasts.current).toBeNull();
    await expect(vm.retrySave()).resolves.toBe('saved');
    expect(vm.connectionTrouble).toBe(false);
    expect(payouts.saves).toHaveLength(2);
  });

  it('"Load failed" (Safari) counts as connection trouble; other failures toast the server message', async () => {
    expect(isConnectionFailure({ code: 'error_unknown', message: 'Load failed' })).toBe(true);
    expect(isConnectionFailure({ code: 'network_error', message: '' })).toBe(true);
    expect(isConnectionFailure({ code: 'error_unknown', message: 'Internal error' })).toBe(false);
    const { create, payouts, toasts } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', PROVIDER_TEST_CARDS.approved.number);
    payouts.failures.push(
      new RepositoryError('error_fields_required', 'Enter the card number', { field: 'cardNumber' }),
    );
    await vm.save();
    expect(vm.invalid).toEqual({ field: 'cardNumber', message: { text: 'Enter the card number' } });
    payouts.failures.push(new RepositoryError('error_unknown', 'Payouts are paused'));
    await vm.save();
    expect(toasts.current?.message).toEqual({ text: 'Payouts are paused' });
    expect(vm.connectionTrouble).toBe(false);
  });

  it('saving blocks edits and a second save', async () => {
    const { create, payouts } = setup();
    const vm = create();
    await vm.load('en');
    vm.setField('cardNumber', PROVIDER_TEST_CARDS.approved.number);
    let open!: () => void;
    payouts.gate = new Promise((resolve) => (open = resolve));
    const saving = vm.save();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(vm.saving).toBe(true);
    vm.setField('cardNumber', '1111');
    vm.chooseCountry('FR');
    await expect(vm.save()).resolves.toBe('stay');
    expect(vm.form).toEqual(
      expect.objectContaining({ countryCodeIso2: 'DE', fields: { cardNumber: '4242 4242 4242 4242' } }),
    );
    open();
    await expect(saving).resolves.toBe('saved');
    expect(vm.saving).toBe(false);
  });

  it('uses its own keys only for its own codes', () => {
    expect(invalidFieldMessage('payout_iban_min_length', { min: 14 })).toEqual({
      key: 'payout.errors.payout_iban_min_length',
      params: { min: 14 },
    });
    expect(invalidFieldMessage('Enter a phone number starting with +62')).toEqual({
      text: 'Enter a phone number starting with +62',
    });
  });
});
