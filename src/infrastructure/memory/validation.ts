/** Request validation of the sandbox server: the same domain rules the client checks, answered as validation_error. */
import { type AmountKind, checkAmount } from '../../domain/amounts';
import type { Money } from '../../domain/money';
import { checkText } from '../../domain/text-limits';
import { fail } from './InMemoryBackend';

export function requireText(field: string, value: string, max: number): string {
  const failure = checkText(value, max);
  if (failure !== null) fail('validation_error', `${field}: ${failure.code}`, { field, reason: failure.code });
  return value.trim();
}

export function requireAmount(kind: AmountKind, field: string, amount: Money): Money {
  if (!Number.isSafeInteger(amount.minor)) fail('validation_error', `${field}: invalid`, { field });
  const checked = checkAmount(kind, amount);
  if (!checked.ok) fail('validation_error', `${field}: ${checked.error.code}`, { field, reason: checked.error.code });
  return checked.value;
}
