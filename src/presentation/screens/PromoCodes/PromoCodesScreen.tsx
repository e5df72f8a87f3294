import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoCode } from '../../../application/ports/PromoRepository';
import { formatMoney } from '../../../domain/format-light';
import { PROMO_DURATIONS } from '../../../domain/promo';
import { AmountInput, Button, Cell, EmptyState, Section, SegmentedControl, Switch, TextInput } from '../../components';
import { FieldFrame } from '../../components/Field';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';
import './promo.css';
import type { PromoCodesViewModel } from './PromoCodesViewModel';

/** "20 % off" or "€2.50 off", and for how long. */
export function usePromoTerms() {
  const { t } = useTranslation();
  return (promo: Pick<PromoCode, 'discount' | 'duration' | 'periods'>) => {
    const discount =
      promo.discount.kind === 'percent'
        ? t('promo.terms.percent', { percent: promo.discount.percent })
        : t('promo.terms.fixed', { amount: formatMoney(promo.discount.amount) });
    const duration =
      promo.duration === 'periods'
        ? t('promo.terms.periods', { n: promo.periods ?? 2 })
        : t(`promo.terms.${promo.duration}`);
    return `${discount} · ${duration}`;
  };
}

const PromoRow = observer(function PromoRow({ vm, promo }: { vm: PromoCodesViewModel; promo: PromoCode }) {
  const { t, i18n } = useTranslation();
  const terms = usePromoTerms();
  const limits = [
    promo.maxRedemptions !== null && t('promo.limits.max', { n: promo.maxRedemptions }),
    promo.endsAt !== null &&
      t('promo.limits.until', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(promo.endsAt * 1000 - 1000),
        ),
      }),
    promo.newMembersOnly && t('promo.limits.newMembers'),
    promo.subscriptionId === null && t('promo.limits.channel'),
  ].filter(Boolean);
  const revenue = promo.revenue.length === 0 ? '0' : promo.revenue.map(formatMoney).join(', ');
  const busy = vm.busyId === promo.id;
  return (
    <li className="promo-row" aria-label={promo.code}>
      <div className="promo-row__head">
        <span className="promo-row__code" dir="ltr">
          {promo.code}
        </span>
        {promo.paused && <span className="promo-row__badge">{t('promo.paused')}</span>}
      </div>
      <p className="promo-row__line">{terms(promo)}</p>
      {limits.length > 0 && <p className="promo-row__line promo-row__muted">{limits.join(' · ')}</p>}
      <p className="promo-row__line">{t('promo.stats', { n: promo.redemptions, revenue })}</p>
      <div className="promo-row__actions">
        {promo.shareLink !== null && (
          <>
            <Button
              size="small"
              mode="tinted"
              onClick={() => vm.share(promo)}
              aria-label={t('promo.shareCode', { code: promo.code })}
            >
              {t('promo.share')}
            </Button>
            <Button
              size="small"
              mode="plain"
              onClick={() => void vm.copyLink(promo)}
              aria-label={t('promo.copyCode', { code: promo.code })}
            >
              {t('promo.copy')}
            </Button>
          </>
        )}
        <Button
          size="small"
          mode="plain"
          disabled={busy}
          onClick={() => void vm.togglePaused(promo)}
          aria-label={t(promo.paused ? 'promo.resumeCode' : 'promo.pauseCode', { code: promo.code })}
        >
          {t(promo.paused ? 'promo.resume' : 'promo.pause')}
        </Button>
        <Button
          size="small"
          mode="destructive"
          disabled={busy}
          aria-label={t('promo.deleteCode', { code: promo.code })}
          onClick={() =>
            void vm.remove(promo, {
              title: t('promo.deleteConfirmTitle'),
              message: t('promo.deleteConfirmText', { code: promo.code }),
              confirm: t('promo.delete'),
            })
          }
        >
          {t('promo.delete')}
        </Button>
      </div>
    </li>
  );
});

const PromoForm = observer(function PromoForm({ vm }: { vm: PromoCodesViewModel }) {
  const { t } = useTranslation();
  const { draft, subscription } = vm;
  if (subscription === null) return null;
  return (
    <form
      className="subscription-form promo-form"
      noValidate
      aria-label={t('promo.form.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void vm.create();
      }}
    >
      <TextInput
        label={t('promo.form.code')}
        hint={t('promo.form.codeHint')}
        value={draft.code}
        onChange={(value) => vm.change('code', value)}
        maxLength={24}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <fieldset className="subscription-form__fieldset">
        <legend className="subscription-form__legend">{t('promo.form.scope')}</legend>
        <SegmentedControl
          label={t('promo.form.scope')}
          value={draft.scope}
          onChange={(value) => vm.change('scope', value)}
          segments={[
            { value: 'subscription', label: t('promo.form.scopeSubscription') },
            { value: 'channel', label: t('promo.form.scopeChannel') },
          ]}
        />
      </fieldset>
      <fieldset className="subscription-form__fieldset">
        <legend className="subscription-form__legend">{t('promo.form.discount')}</legend>
        <SegmentedControl
          label={t('promo.form.discount')}
          value={draft.discountType}
          onChange={(value) => vm.change('discountType', value)}
          segments={[
            { value: 'percent', label: t('promo.form.percent') },
            { value: 'fixed', label: t('promo.form.fixed') },
          ]}
        />
      </fieldset>
      {draft.discountType === 'percent' ? (
        <TextInput
          label={t('promo.form.percentLabel')}
          value={draft.percent}
          onChange={(value) => vm.change('percent', value.replace(/\D/g, '').slice(0, 3))}
          inputMode="numeric"
          suffix="%"
        />
      ) : (
        <AmountInput
          label={t('promo.form.amountLabel')}
          currency={subscription.price.currency}
          value={draft.amount}
          onChange={(value) => vm.change('amount', value)}
        />
      )}
      <FieldFrame label={t('promo.form.duration')} value={draft.duration}>
        {({ id }) => (
          <select
            id={id}
            className="field__input"
            value={draft.duration}
            onChange={(event) => vm.change('duration', event.target.value as (typeof PROMO_DURATIONS)[number])}
          >
            {PROMO_DURATIONS.map((duration) => (
              <option key={duration} value={duration}>
                {t(`promo.form.duration_${duration}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      {draft.duration === 'periods' && (
        <TextInput
          label={t('promo.form.periods')}
          value={draft.periods}
          onChange={(value) => vm.change('periods', value.replace(/\D/g, '').slice(0, 2))}
          inputMode="numeric"
        />
      )}
      <TextInput
        label={t('promo.form.max')}
        hint={t('promo.form.optional')}
        value={draft.maxRedemptions}
        onChange={(value) => vm.change('maxRedemptions', value.replace(/\D/g, '').slice(0, 7))}
        inputMode="numeric"
      />
      <TextInput
        label={t('promo.form.endDate')}
        hint={t('promo.form.optional')}
        type="date"
        value={draft.endDate}
        onChange={(value) => vm.change('endDate', value)}
      />
      <Section>
        <Cell
          as="label"
          title={t('promo.form.newMembers')}
          after={<Switch checked={draft.newMembersOnly} onChange={(value) => vm.change('newMembersOnly', value)} />}
        />
      </Section>
      <div className="promo-form__actions">
        <Button type="submit" mode="filled" loading={vm.saving} stretched>
          {t('promo.form.create')}
        </Button>
        <Button type="button" mode="plain" onClick={vm.closeForm} stretched>
          {t('promo.form.cancel')}
        </Button>
      </div>
    </form>
  );
});

/** /channel/:channelId/subscription/:subscriptionId/promos: the creator's promo codes of a subscription. */
function PromoCodesScreen({ vm }: { vm: PromoCodesViewModel }) {
  const { t } = useTranslation();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  return (
    <Screen title={t('promo.title')} state={vm.state} onRetry={() => void vm.load()}>
      <h1 className="visually-hidden">{t('promo.title')}</h1>
      {vm.subscription !== null && <p className="promo-intro">{t('promo.intro', { name: vm.subscription.name })}</p>}
      {vm.formOpen ? (
        <PromoForm vm={vm} />
      ) : (
        <div className="promo-form__actions">
          <Button mode="tinted" onClick={vm.openForm} stretched>
            {t('promo.add')}
          </Button>
        </div>
      )}
      <section aria-labelledby="promo-list-heading">
        <h2 className="section__header" id="promo-list-heading">
          {t('promo.listTitle')}
        </h2>
        {vm.promos.length === 0 ? (
          <EmptyState text={t('promo.empty')} />
        ) : (
          <ul className="promo-list">
            {vm.promos.map((promo) => (
              <PromoRow key={promo.id} vm={vm} promo={promo} />
            ))}
          </ul>
        )}
      </section>
    </Screen>
  );
}

export default observer(PromoCodesScreen);
