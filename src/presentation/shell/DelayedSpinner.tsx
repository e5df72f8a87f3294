import { useTranslation } from 'react-i18next';
import { SPINNER_DELAY_MS } from '../timings';
import { Spinner } from '../components/Spinner';
import { useDelayedFlag } from './useDelayedFlag';

/** A centred spinner that appears only after 600 ms (spec section 9), so fast loads do not flash. */
export function DelayedSpinner() {
  const { t } = useTranslation();
  const shown = useDelayedFlag(true, SPINNER_DELAY_MS);
  return <div className="screen-spinner">{shown && <Spinner size={36} label={t('common.loading')} />}</div>;
}
