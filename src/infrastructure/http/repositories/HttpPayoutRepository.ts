import type {
  BanksResponse,
  PayoutParametersResponse,
  PayoutResponse,
  SavePayoutAccountResponse,
} from '../../../contract/api';
import type { Bank } from '../../../domain/entities';
import type {
  BanksQuery,
  PayoutParameters,
  PayoutRepository,
  PayoutState,
  SavedWithdrawalAccount,
  WithdrawalAccountInput,
} from '../../../application/ports/PayoutRepository';
import type { HttpClient } from '../HttpClient';
import {
  payoutParametersFromDto,
  payoutStateFromDto,
  savedAccountFromDto,
  savePayoutAccountToDto,
} from '../mappers/payout';

export class HttpPayoutRepository implements PayoutRepository {
  constructor(private readonly http: HttpClient) {}

  async state(): Promise<PayoutState> {
    return payoutStateFromDto(await this.http.get<PayoutResponse>('/payout'));
  }

  async parameters(): Promise<PayoutParameters> {
    return payoutParametersFromDto(await this.http.get<PayoutParametersResponse>('/payout/account/parameters'));
  }

  async banks(query: BanksQuery): Promise<readonly Bank[]> {
    const dto = await this.http.get<BanksResponse>('/payout/account/banks', {
      params: { country: query.country, currency: query.currency },
    });
    return dto.banks.map((b) => ({ externalId: b.externalId, bankName: b.bankName }));
  }

  async saveAccount(account: WithdrawalAccountInput): Promise<SavedWithdrawalAccount> {
    return savedAccountFromDto(
      await this.http.post<SavePayoutAccountResponse>('/payout/account', savePayoutAccountToDto(account)),
    );
  }
}
