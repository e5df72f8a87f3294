import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../domain/format';
import { Avatar, Cell, Icon, Placeholder, Section } from '../../components';
import '../../payment/payment.css';
import './gift.css';
import { Screen } from '../../shell/Screen';
import type { GiftPurchaseViewModel } from './GiftPurchaseViewModel';

/** /invoice/subscription/:subscriptionId/gift: one period of the subscription as a gift, paid by card. */
function GiftPurchaseScreen({ vm }: { vm: GiftPurchaseViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const invoice = vm.invoice;
  const title = t('gift.buy.title');
  if (invoice !== null && !vm.giftable) {
    return (
      <Screen title={title}>
        <Placeholder icon={<Icon name="alert" size={48} />} title={title} text={t('gift.buy.notGiftable')} />
      </Screen>
    );
  }
  const { subscription, channel } = invoice ?? { subscription: null, channel: null };
  return (
    <Screen
      title={title}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={
        subscription === null
          ? undefined
          : {
              text: t('gift.buy.pay', { amount: formatMoney(subscription.price) }),
              onClick: () => {
                const path = vm.proceedToPayment();
                if (path !== null) void navigate(path);
              },
            }
      }
    >
      {channel && (
        <header className="invoice-header">
          <Avatar id={channel.id} name={channel.name} src={channel.photoUrl} size={72} decorative />
          <h1 className="invoice-header__channel">{channel.name}</h1>
        </header>
      )}
      {subscription && subscription.period !== 'onetime' && (
        <Section header={t('gift.buy.section')} footer={t('gift.buy.terms')}>
          <Cell
            before={<Icon name="gift" size={28} />}
            title={subscription.name}
            subtitle={t(`gift.period.${subscription.period}`)}
            after={<strong dir="ltr">{formatMoney(subscription.price)}</strong>}
          />
        </Section>
      )}
      <p className="gift-note">{t('gift.buy.cardOnly')}</p>
    </Screen>
  );
}

export default observer(GiftPurchaseScreen);
