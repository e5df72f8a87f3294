/**
 * Sandbox configuration the in-memory backend starts with: languages, payout countries, banks and field
 * requirements. The payout table is the reference server's own (src/domain/payout-catalog.ts), so demos and contract
 * suites behave alike on both.
 */
import { MANDATORY_PARAMETERS, PAYOUT_COUNTRIES, banksFor } from '../../domain/payout-catalog';
import type { BackendConfig } from './records';

export function defaultBackendConfig(): BackendConfig {
  return {
    languages: [
      { code: 'en', name: 'English', englishName: 'English' },
      { code: 'ru', name: 'Русский', englishName: 'Russian' },
      { code: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian' },
    ],
    payout: {
      publicToken: 'sandbox-public-token',
      supportedCountries: PAYOUT_COUNTRIES.map((country) => ({
        countryCodeIso2: country.countryCodeIso2,
        countryCodeIso3: country.countryCodeIso3,
        availablePayoutMethods: country.methods.map((offer) => offer.method),
      })),
      offers: PAYOUT_COUNTRIES.flatMap((country) =>
        country.methods.map((offer) => ({ country: country.countryCodeIso2, ...offer })),
      ),
      requirements: MANDATORY_PARAMETERS.map((entry) => ({ ...entry, fields: [...entry.fields] })),
      // Banks per country and currency (a country may offer several methods in one currency).
      banks: PAYOUT_COUNTRIES.flatMap((country) =>
        [...new Set(country.methods.map((offer) => offer.currency))].flatMap((currency) =>
          banksFor(country.countryCodeIso2, currency).map((bank) => ({
            country: country.countryCodeIso2,
            currency,
            bank,
          })),
        ),
      ),
    },
  };
}
