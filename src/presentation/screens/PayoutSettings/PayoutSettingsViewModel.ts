import { makeAutoObservable } from 'mobx';
import type { PayoutRepository } from '../../../application/ports/PayoutRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { PayoutFieldName, WithdrawalAccount, WithdrawalCard } from '../../../domain/entities';
import { PAYOUT_FIELD_NAMES } from '../../../domain/entities';
import { AsyncState } from '../../shell/screenState';

/** The saved params in the order of section 3's field list (known names first, then anything else). */
export function savedFields(account: WithdrawalAccount): { name: string; known: boolean; value: string }[] {
  const entries = Object.entries(account.params).filter(([, value]) => value.trim() !== '');
  const rank = (name: string) => {
    const index = (PAYOUT_FIELD_NAMES as readonly string[]).indexOf(name);
    return index === -1 ? PAYOUT_FIELD_NAMES.length : index;
  };
  return entries
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, value]) => ({
      name,
      known: (PAYOUT_FIELD_NAMES as readonly string[]).includes(name as PayoutFieldName),
      value,
    }));
}

/** /payout/settings: the saved payout account (country, method, masked card, other saved fields). */
export class PayoutSettingsViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  account: WithdrawalAccount | null = null;
  card: WithdrawalCard | null = null;

  constructor(private readonly payouts: PayoutRepository) {
    makeAutoObservable<PayoutSettingsViewModel, 'payouts'>(this, { payouts: false, loader: false }, { autoBind: true });
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.payouts.state(),
      (state) => {
        this.account = state.withdrawalAccount;
        this.card = state.withdrawalCard;
      },
    );
  }

  get fields() {
    return this.account === null ? [] : savedFields(this.account);
  }

  dispose(): void {
    this.loader.dispose();
  }
}
