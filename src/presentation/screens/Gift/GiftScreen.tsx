import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../domain/format';
import { Avatar, Icon, Placeholder, Section } from '../../components';
import './gift.css';
import { Screen } from '../../shell/Screen';
import { deviceZone } from '../../app/deviceZone';
import type { GiftViewModel } from './GiftViewModel';

/** /gift/:code: the recipient's gift, with Accept; once accepted, "Go to channel". */
function GiftScreen({ vm }: { vm: GiftViewModel }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const title = t('gift.receive.title');
  const { gift, accepted } = vm;
  const refusal = vm.refusal;
  if (vm.missing !== null || (gift === null && vm.state.status === 'ready')) {
    return (
      <Screen title={title}>
        <Placeholder
          icon={<Icon name="alert" size={48} />}
          title={title}
          text={t(`gift.reason.${vm.missing ?? 'unknown'}`)}
        />
      </Screen>
    );
  }
  const mainButton =
    gift === null
      ? undefined
      : accepted !== null
        ? accepted.inviteLink !== undefined
          ? { text: t('gift.receive.openChannel'), onClick: vm.openChannel }
          : undefined
        : refusal === null && !gift.redeemedByMe
          ? {
              text: t('gift.receive.accept'),
              onClick: () => void vm.accept(),
              loading: vm.accepting,
              enabled: !vm.accepting,
            }
          : undefined;
  return (
    <Screen title={title} state={vm.state} onRetry={() => void vm.load()} mainButton={mainButton}>
      {gift && (
        <>
          <header className="invoice-header">
            <Avatar id={gift.channelId} name={gift.channelName} src={gift.channelPhotoUrl} size={72} decorative />
          </header>
          <Placeholder
            className="gift-hero"
            icon={<Icon name="gift" size={48} />}
            title={accepted !== null ? t('gift.receive.accepted') : t('gift.receive.from', { name: gift.giverName })}
            text={t('gift.receive.what', {
              period: t(`gift.period.${gift.period}`),
              name: gift.subscriptionName,
              channel: gift.channelName,
            })}
          />
          <Section>
            <div className="gift-link">
              {accepted !== null ? (
                <p className="gift-link__what" role="status" data-testid="gift-accepted">
                  {t('gift.receive.until', {
                    date: formatDate(accepted.expiresAt, i18n.language, Date.now(), deviceZone()),
                  })}
                </p>
              ) : refusal !== null ? (
                <p className="gift-refusal" role="alert" data-testid="gift-refusal">
                  {t(`gift.reason.${refusal}`)}
                </p>
              ) : (
                <p className="gift-link__what">{t('gift.receive.noRenew', { price: formatMoney(gift.price) })}</p>
              )}
            </div>
          </Section>
        </>
      )}
    </Screen>
  );
}

export default observer(GiftScreen);
