/** Toast messages of the donation screens. */
import type { DonationFormError } from '../../domain/donation-form';
import { formatMoney, formatStars } from '../../domain/format';
import type { StarsPriceError } from '../../domain/stars';
import type { ToastMessage } from '../toasts/ToastStore';

/** The fail toast of the first failing field (spec section 5). */
export function donationFormErrorMessage(error: DonationFormError | StarsPriceError): ToastMessage {
  if (error.field === 'stars') {
    if (error.code === 'stars_not_whole') return { key: 'donation.form.stars.errors.stars_not_whole' };
    return {
      key: 'donation.form.stars.errors.stars_out_of_range',
      params: { min: formatStars(error.min), max: formatStars(error.max) },
    };
  }
  if (error.field === 'goal' || error.field === 'endsOn') {
    if (error.bound !== undefined)
      return { key: `donation.goal.errors.${error.code}`, params: { amount: formatMoney(error.bound) } };
    return { key: `donation.goal.errors.${error.code}` };
  }
  if (error.field === 'amount') {
    if (error.code === 'amount_required' || error.bound === undefined)
      return { key: 'donation.form.errors.amount_required' };
    return { key: `donation.form.errors.${error.code}`, params: { amount: formatMoney(error.bound) } };
  }
  if (error.code === 'too_long')
    return { key: `donation.form.errors.${error.field}_too_long`, params: { max: error.max ?? 0 } };
  return { key: `donation.form.errors.${error.field}_required` };
}
