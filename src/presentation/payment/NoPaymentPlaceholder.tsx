import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Placeholder } from '../components';
import { Screen } from '../shell/Screen';

/** A payment screen opened without an invoice (a reload, an old link): nothing to pay, a way back. */
export function NoPaymentPlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Screen title={title}>
      <Placeholder
        title={t('payment.noPayment.title')}
        text={t('payment.noPayment.text')}
        actions={
          <Link className="button button--tinted button--medium" to="/dashboard" replace>
            <span className="button__label">{t('payment.noPayment.action')}</span>
          </Link>
        }
      />
    </Screen>
  );
}
