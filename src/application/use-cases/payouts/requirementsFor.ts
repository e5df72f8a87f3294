import type { PayoutForm, PayoutFieldRequirement } from '../../../domain/entities';
import type { PayoutRequirementSet } from '../../ports/PayoutRepository';

/** The server's field requirements for the form's country, currency and method: the bank's own set first. */
export function requirementsFor(
  sets: readonly PayoutRequirementSet[],
  form: Pick<PayoutForm, 'countryCodeIso2' | 'currency' | 'methodType'>,
  bankExternalId: string | undefined,
): readonly PayoutFieldRequirement[] {
  const matching = sets.filter(
    (s) =>
      s.country.toUpperCase() === form.countryCodeIso2.toUpperCase() &&
      s.currency === form.currency &&
      s.methodType === form.methodType,
  );
  const chosen =
    matching.find((s) => bankExternalId !== undefined && s.bankExternalId === bankExternalId) ??
    matching.find((s) => s.bankExternalId === undefined);
  return chosen?.fields ?? [];
}
