/** Toast messages shared by the subscription screens (form, detail, preview, command, member). */
import { formatMoney } from '../../domain/format';
import type { SubscriptionFormError } from '../../domain/subscription-form';
import type { ToastMessage } from '../toasts/ToastStore';

/** The fail toast of a form field (spec section 5): "required", "less than {amount}", "more than {amount}", too long. */
export function formErrorMessage(error: SubscriptionFormError): ToastMessage {
  if (error.field === 'amount') {
    if (error.code === 'amount_required' || error.bound === undefined)
      return { key: 'subscription.form.errors.amount_required' };
    return { key: `subscription.form.errors.${error.code}`, params: { amount: formatMoney(error.bound) } };
  }
  if (error.code === 'too_long')
    return { key: `subscription.form.errors.${error.field}_too_long`, params: { max: error.max ?? 0 } };
  return { key: `subscription.form.errors.${error.field}_required` };
}
