/** Toast messages shared by the subscription screens (form, detail, preview, command, member). */
import type { RequestFailure } from '../../application/use-cases/shared/failures';
import { formatMoney } from '../../domain/format';
import type { SubscriptionFormError } from '../../domain/subscription-form';
import type { ToastMessage } from '../toasts/ToastStore';

/** A failed call: the server's message as is (spec section 8), or the generic "Failed" when it has none. */
export function requestFailureMessage(failure: Pick<RequestFailure, 'code' | 'message'>): ToastMessage {
  const text = failure.message.trim();
  return text === '' || text === failure.code ? { key: 'common.toast.failed' } : { text };
}

/** The fail toast of a form field (spec section 5): "required", "less than {amount}", "more than {amount}", too long. */
export function formErrorMessage(error: SubscriptionFormError): ToastMessage {
  if (error.field === 'amount') {
    if (error.code === 'amount_required' || error.bound === undefined) return { key: 'subscription.form.errors.amount_required' };
    return { key: `subscription.form.errors.${error.code}`, params: { amount: formatMoney(error.bound) } };
  }
  if (error.code === 'too_long') return { key: `subscription.form.errors.${error.field}_too_long`, params: { max: error.max ?? 0 } };
  return { key: `subscription.form.errors.${error.field}_required` };
}
