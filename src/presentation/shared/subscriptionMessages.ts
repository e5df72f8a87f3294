/** Toast messages shared by the subscription screens (form, detail, preview, command, member). */
import { formatMoney, formatStars } from '../../domain/format';
import type { StarsPriceError } from '../../domain/stars';
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

/** The fail toast of a Stars price: not whole Stars, or outside Telegram's limits (both name the limits). */
export function starsErrorMessage(error: StarsPriceError): ToastMessage {
  if (error.code === 'stars_not_whole') return { key: 'subscription.form.stars.errors.stars_not_whole' };
  return {
    key: 'subscription.form.stars.errors.stars_out_of_range',
    params: { min: formatStars(error.min), max: formatStars(error.max) },
  };
}
