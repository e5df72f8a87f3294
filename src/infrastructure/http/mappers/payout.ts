import type {
  MandatoryParametersDto,
  PayoutParametersResponse,
  PayoutResponse,
  SavePayoutAccountRequest,
  SavePayoutAccountResponse,
} from '../../../contract/api';
import type {
  PayoutParameters,
  PayoutRequirementSet,
  PayoutState,
  SavedWithdrawalAccount,
  WithdrawalAccountInput,
} from '../../../application/ports/PayoutRepository';
import { withdrawalAccountFromDto, withdrawalCardFromDto } from './card';
import { moneyFromWire } from './money';
import { toPage } from './page';
import { transactionFromDto } from './transaction';

export function payoutStateFromDto(dto: PayoutResponse): PayoutState {
  return {
    payoutBalances: (dto.payoutBalances ?? []).map((b) => moneyFromWire(b.amount, b.currency)),
    activeBalances: (dto.activeBalances ?? []).map((b) => moneyFromWire(b.amount, b.currency)),
    nextPayoutDate: dto.nextPayoutDate,
    nextPayoutBalances: (dto.nextPayoutBalances ?? []).map((b) => moneyFromWire(b.amount, b.currency)),
    laterPayoutBalances: (dto.laterPayoutBalances ?? []).map((b) => moneyFromWire(b.amount, b.currency)),
    laterPayoutDate: dto.laterPayoutDate ?? dto.nextPayoutDate,
    withdrawalCard: dto.withdrawalCard ? withdrawalCardFromDto(dto.withdrawalCard) : null,
    withdrawalAccount: dto.withdrawalAccount ? withdrawalAccountFromDto(dto.withdrawalAccount) : null,
    withdrawals: toPage(dto.withdrawals, dto.withdrawalsNextFrom, transactionFromDto),
    payouts: (dto.payouts ?? []).map((payout) => ({
      payoutDate: payout.payoutDate,
      amount: moneyFromWire(payout.amount, payout.currency),
      status: payout.status,
      requestedAt: payout.requestedAt,
      ...(payout.sentAt !== undefined ? { sentAt: payout.sentAt } : {}),
      ...(payout.finishedAt !== undefined ? { finishedAt: payout.finishedAt } : {}),
      ...(payout.expectedArrivalAt !== undefined ? { expectedArrivalAt: payout.expectedArrivalAt } : {}),
      ...(payout.errorCode !== undefined
        ? { error: { code: payout.errorCode, message: payout.errorDescription ?? '' } }
        : {}),
    })),
  };
}

function requirementSetFromDto(dto: MandatoryParametersDto): PayoutRequirementSet {
  return {
    country: dto.country,
    currency: dto.currency,
    methodType: dto.methodType,
    bankExternalId: dto.bankExternalId,
    fields: dto.fields.map((f) => ({
      name: f.name,
      required: f.required,
      regex: f.regex,
      maxLength: f.maxLength,
      oneOf: f.oneOf,
      equalTo: f.equalTo,
      invalidMessage: f.invalidMessage,
    })),
  };
}

export function payoutParametersFromDto(dto: PayoutParametersResponse): PayoutParameters {
  return {
    token: dto.token,
    tokenizeUrl: dto.tokenizeUrl,
    supportedCountries: dto.supportedCountries.map((c) => ({
      countryCodeIso2: c.countryCodeIso2,
      countryCodeIso3: c.countryCodeIso3,
      availablePayoutMethods: [...c.availablePayoutMethods],
    })),
    userCountry: dto.userCountry,
    requirements: (dto.mandatoryParametersV2 ?? []).map(requirementSetFromDto),
  };
}

export function savePayoutAccountToDto(input: WithdrawalAccountInput): SavePayoutAccountRequest {
  return {
    currency: input.currency,
    countryIso3: input.countryIso3,
    methodType: input.methodType,
    card: input.card ? { ...input.card } : undefined,
    bank: input.bank ? { ...input.bank } : undefined,
    params: { ...input.params },
  };
}

export function savedAccountFromDto(dto: SavePayoutAccountResponse): SavedWithdrawalAccount {
  return {
    card: dto.card ? withdrawalCardFromDto(dto.card) : null,
    withdrawalAccount: withdrawalAccountFromDto(dto.withdrawalAccount),
  };
}
