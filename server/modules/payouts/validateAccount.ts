/**
 * Server-side check of POST /payout/account: the shared rule (src/domain/payout-account.ts) over the reference payout
 * catalog, so a request that skips the client still cannot save a bad account.
 */
import type { PayoutCurrency } from '../../../src/domain/money';
import {
  type CheckedPayoutAccount,
  type PayoutAccountCatalog,
  type PayoutAccountError,
  type PayoutAccountRequest,
  checkPayoutAccount,
} from '../../../src/domain/payout-account';
import { PAYOUT_COUNTRIES, banksFor, countryByIso2, requirementsFor } from '../../../src/domain/payout-catalog';
import type { Result } from '../../../src/domain/result';
import type { ProviderCard } from '../payments/PaymentProvider';

export type PayoutAccountInput = PayoutAccountRequest;
export type ValidPayoutAccount = CheckedPayoutAccount<ProviderCard>;
export type { PayoutAccountError };

const REFERENCE_CATALOG: PayoutAccountCatalog = {
  supportedCountries: PAYOUT_COUNTRIES.map((country) => ({
    countryCodeIso2: country.countryCodeIso2,
    countryCodeIso3: country.countryCodeIso3,
    availablePayoutMethods: country.methods.map((offer) => offer.method),
  })),
  currencyOf: (countryIso2, method) =>
    countryByIso2(countryIso2)?.methods.find((offer) => offer.method === method)?.currency,
  banks: (countryIso2, currency: PayoutCurrency) => banksFor(countryIso2, currency),
  requirements: (countryIso2, currency, method, bankExternalId) =>
    requirementsFor(countryIso2, currency, method, bankExternalId)?.fields ?? null,
};

export function validatePayoutAccount(
  input: PayoutAccountInput,
  describeToken: (token: string) => Promise<ProviderCard | null>,
): Promise<Result<ValidPayoutAccount, PayoutAccountError>> {
  return checkPayoutAccount(input, REFERENCE_CATALOG, describeToken);
}
