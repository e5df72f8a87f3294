import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../domain/format-light';
import { Button, Cell, Section, TextInput } from '../../components';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';
import '../PromoCodes/promo.css';
import type { RetentionOfferViewModel } from './RetentionOfferViewModel';

/** /channel/:channelId/subscription/:subscriptionId/retention: the creator's retention offer and its results. */
function RetentionOfferScreen({ vm }: { vm: RetentionOfferViewModel }) {
  const { t } = useTranslation();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const offer = vm.retention?.offer ?? null;
  const stats = vm.retention?.stats;
  const preview = vm.preview;
  return (
    <Screen title={t('retention.title')} state={vm.state} onRetry={() => void vm.load()}>
      <h1 className="visually-hidden">{t('retention.title')}</h1>
      <p className="promo-intro">{t('retention.intro')}</p>
      <p className="promo-intro" data-testid="retention-current">
        {offer === null
          ? t('retention.none')
          : t('retention.current', { percent: offer.percent, count: offer.renewals })}
      </p>
      <form
        className="subscription-form promo-form"
        noValidate
        aria-label={t('retention.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void vm.save();
        }}
      >
        <TextInput
          label={t('retention.percentLabel')}
          hint={t('retention.percentHint')}
          value={vm.percent}
          onChange={vm.setPercent}
          inputMode="numeric"
          suffix="%"
        />
        <TextInput
          label={t('retention.renewalsLabel')}
          hint={t('retention.renewalsHint')}
          value={vm.renewals}
          onChange={vm.setRenewals}
          inputMode="numeric"
        />
        {preview !== null && (
          <p className="promo-intro" data-testid="retention-preview">
            {t('retention.preview', { price: formatMoney(preview.charged), full: formatMoney(preview.price) })}
          </p>
        )}
        <p className="promo-intro">{t('retention.note')}</p>
        <div className="promo-form__actions">
          <Button type="submit" mode="filled" loading={vm.busy === 'save'} stretched>
            {t('retention.save')}
          </Button>
          {offer !== null && (
            <Button
              type="button"
              mode="destructive"
              loading={vm.busy === 'remove'}
              onClick={() => void vm.remove()}
              stretched
            >
              {t('retention.remove')}
            </Button>
          )}
        </div>
      </form>
      {stats && (
        <Section header={t('retention.statsHeader')}>
          <Cell
            title={t('retention.offered')}
            after={<strong data-testid="retention-offered">{stats.offered}</strong>}
          />
          <Cell title={t('retention.stayed')} after={<strong data-testid="retention-stayed">{stats.stayed}</strong>} />
          <Cell title={t('retention.left')} after={<strong data-testid="retention-left">{stats.left}</strong>} />
        </Section>
      )}
    </Screen>
  );
}

export default observer(RetentionOfferScreen);
