import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Period } from '../../../domain/entities';
import { formatDate, formatMoney } from '../../../domain/format';
import { AmountPresets } from '../../payment/AmountPresets';
import {
  Avatar,
  Button,
  CardDisplay,
  Cell,
  CollapsibleText,
  Icon,
  Placeholder,
  Section,
  SegmentedControl,
  Spinner,
  TextInput,
} from '../../components';
import { type PayMethodChoice, formatStarsCount } from '../../../domain/stars-checkout';
import { useFlowNavigation } from '../../payment/useFlowNavigation';
import '../../payment/payment.css';
import '../PromoCodes/promo.css';
import { LOADING, READY, failed } from '../../shell/screenState';
import { Screen } from '../../shell/Screen';
import type { InvoiceViewModel } from './InvoiceViewModel';
import { DonationGoalProgress } from '../../shared/DonationGoalProgress';
import { deviceZone } from '../../app/deviceZone';

/**
 * "€5 / month", "250 ₽ в месяц", "월 5 €": each language phrases a recurring price its own way (one text per period,
 * never a price and a period noun joined); one-time prices stand alone.
 */
export function usePriceWithPeriod(): (price: Parameters<typeof formatMoney>[0], period: Period) => string {
  const { t } = useTranslation();
  return (price, period) =>
    period === 'onetime' ? formatMoney(price) : t(`invoice.pricePer.${period}`, { price: formatMoney(price) });
}

/** "⭐ 250" in the page's language: the locale's digit grouping, each language's own order of sign and number. */
export function useStarsAmount(): (stars: number) => string {
  const { t, i18n } = useTranslation();
  return (stars) => t('invoice.stars.amount', { amount: formatStarsCount(stars, i18n.language) });
}
/** The subscription invoice's promo code: type one (or come with a share link's), then price, discount, now, renewals. */
const PromoSection = observer(function PromoSection({ vm }: { vm: InvoiceViewModel }) {
  const { t } = useTranslation();
  const priceWithPeriod = usePriceWithPeriod();
  const subscription = vm.subscription;
  const quote = vm.promoQuote;
  if (subscription === null) return null;
  const renewal =
    quote === null || subscription.period === 'onetime'
      ? null
      : quote.discountedRenewals === null
        ? priceWithPeriod(quote.charged, subscription.period)
        : quote.discountedRenewals === 0
          ? priceWithPeriod(quote.price, subscription.period)
          : t('promo.invoice.renewalThen', {
              n: quote.discountedRenewals,
              discounted: formatMoney(quote.charged),
              full: priceWithPeriod(quote.price, subscription.period),
            });
  return (
    <Section header={t('promo.invoice.section')}>
      <div className="invoice-promo">
        {quote !== null ? (
          <>
            <dl className="invoice-promo__lines" aria-label={t('promo.invoice.summary', { code: quote.code })}>
              <dt>{t('promo.invoice.price')}</dt>
              <dd dir="ltr">{formatMoney(quote.price)}</dd>
              <dt>{t('promo.invoice.discount', { code: quote.code })}</dt>
              <dd dir="ltr">−{formatMoney(quote.discount)}</dd>
              <dt>{t('promo.invoice.now')}</dt>
              <dd dir="ltr">
                <strong data-testid="promo-charged">{formatMoney(quote.charged)}</strong>
              </dd>
              {renewal !== null && (
                <>
                  <dt>{t('promo.invoice.renewal')}</dt>
                  <dd>{renewal}</dd>
                </>
              )}
            </dl>
            {quote.capped && <p className="invoice-promo__note">{t('promo.invoice.capped')}</p>}
            <p className="invoice-promo__note">{t('promo.invoice.cardOnly')}</p>
            <div>
              <Button mode="plain" size="small" onClick={vm.removePromo}>
                {t('promo.invoice.remove')}
              </Button>
            </div>
          </>
        ) : (
          <form
            className="invoice-promo__entry"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void vm.applyPromo();
            }}
          >
            <TextInput
              label={t('promo.invoice.label')}
              value={vm.promoText}
              onChange={vm.setPromoText}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              error={vm.promoErrorKey === null ? undefined : t(vm.promoErrorKey)}
            />
            <Button type="submit" mode="tinted" loading={vm.promoChecking}>
              {t('promo.invoice.apply')}
            </Button>
          </form>
        )}
        {quote === null && <p className="invoice-promo__note">{t('promo.invoice.cardOnly')}</p>}
      </div>
    </Section>
  );
});

/** The free trial the invoice offers: "Free for 7 days, then €5 / month", the first charge's date, the consent. */
const TrialSection = observer(function TrialSection({ vm }: { vm: InvoiceViewModel }) {
  const { t, i18n } = useTranslation();
  const priceWithPeriod = usePriceWithPeriod();
  const offer = vm.trialOffer;
  const subscription = vm.subscription;
  if (offer === null || subscription === null) return null;
  if (!vm.startsTrial) return <p className="invoice-promo invoice-promo__note">{t('trial.invoice.cardOnly')}</p>;
  return (
    <Section header={t('trial.invoice.section')}>
      <div className="invoice-promo" data-testid="trial-offer">
        <p>
          <strong>
            {t('trial.invoice.offer', {
              days: t(`trial.form.days${offer.days}`),
              price: priceWithPeriod(offer.price, subscription.period),
            })}
          </strong>
        </p>
        <p className="invoice-promo__note">
          {t('trial.invoice.firstCharge', { date: formatDate(offer.endsAt, i18n.language, Date.now(), deviceZone()) })}
        </p>
        {vm.trialErrorKey !== null && (
          <p className="invoice-stars-error" role="alert">
            {t(vm.trialErrorKey)}
          </p>
        )}
      </div>
    </Section>
  );
});

const InvoiceContent = observer(function InvoiceContent({ vm }: { vm: InvoiceViewModel }) {
  const { t, i18n } = useTranslation();
  const starsAmount = useStarsAmount();
  const navigate = useNavigate();
  const priceWithPeriod = usePriceWithPeriod();
  const view = vm.view;
  const title = vm.kind === 'donation' ? t('invoice.donationTitle') : t('invoice.subscriptionTitle');
  const go = (path: string | null): void => {
    if (path !== null) void navigate(path);
  };

  if (view.kind === 'loading' || view.kind === 'error') {
    return (
      <Screen
        title={title}
        state={view.kind === 'loading' ? LOADING : failed(view.code)}
        onRetry={() => void vm.reload()}
      />
    );
  }
  if (view.kind === 'notFound' || view.kind === 'disabled' || view.kind === 'alreadyExists') {
    const texts = {
      notFound: { title: view.kind === 'notFound' ? t(view.titleKey) : '', text: t('invoice.notFoundText') },
      disabled: { title: t('invoice.disabledTitle'), text: t('invoice.disabledText') },
      alreadyExists: { title: t('invoice.alreadyExistsTitle'), text: t('invoice.alreadyExistsText') },
    }[view.kind];
    return (
      <Screen title={texts.title} state={READY} mainButton={{ text: t('common.close'), onClick: vm.close }}>
        <Placeholder
          className={`invoice-state invoice-state--${view.kind}`}
          icon={<Icon name={view.kind === 'alreadyExists' ? 'check' : 'alert'} size={48} />}
          title={texts.title}
          text={texts.text}
          actions={
            <>
              <Button onClick={vm.close}>{t('common.close')}</Button>
              {view.kind === 'alreadyExists' && vm.giftPath !== null && (
                <Button mode="plain" onClick={() => go(vm.giftPath)}>
                  {t('gift.give')}
                </Button>
              )}
            </>
          }
        />
      </Screen>
    );
  }
  if (view.kind === 'trialStarted') {
    const until = t('trial.until', {
      date: formatDate(view.trial.endsAt, i18n.language, Date.now(), deviceZone()),
    });
    return (
      <Screen
        title={t('trial.invoice.startedTitle')}
        state={READY}
        back="hidden"
        mainButton={{
          text: view.trial.inviteLink ? t('payment.success.openChannel') : t('common.close'),
          onClick: vm.openTrialChannel,
        }}
      >
        <Placeholder
          className="payment-success"
          icon={<Icon name="check" size={48} />}
          title={t('trial.invoice.startedTitle')}
          text={until}
        />
      </Screen>
    );
  }
  if (view.kind === 'inProgress') {
    return (
      <Screen title={t('payment.inProgressTitle')} state={READY} back="hidden">
        <Placeholder
          className="payment-progress"
          icon={<Spinner size={40} />}
          title={t('payment.inProgressTitle')}
          text={t('payment.inProgressText')}
        />
      </Screen>
    );
  }
  if (view.kind === 'starsConfirming') {
    return (
      <Screen title={t('invoice.stars.confirmingTitle')} state={READY} back="hidden">
        <Placeholder
          className="payment-progress"
          icon={<Spinner size={40} />}
          title={t('invoice.stars.confirmingTitle')}
          text={view.slow ? t('invoice.stars.confirmingSlow') : t('invoice.stars.confirmingText')}
        />
      </Screen>
    );
  }
  if (view.kind === 'paid') {
    const { receipt } = view;
    const finishText =
      vm.kind === 'subscription' && receipt.inviteLink ? t('payment.success.openChannel') : t('common.close');
    return (
      <Screen
        title={t('payment.success.title')}
        state={READY}
        back="hidden"
        mainButton={{ text: finishText, onClick: vm.finish }}
      >
        <Placeholder
          className="payment-success"
          icon={<Icon name="check" size={48} />}
          title={t('payment.success.title')}
          text={t(`payment.success.text.${vm.kind}`)}
        />
        <Section header={t('payment.success.details')}>
          <Cell
            title={t('payment.success.amount')}
            after={
              receipt.stars !== undefined ? (
                <span data-testid="receipt-stars">{starsAmount(receipt.stars)}</span>
              ) : (
                <span dir="ltr">{formatMoney(receipt.amount)}</span>
              )
            }
          />
          {receipt.stars !== undefined && (
            <Cell title={t('invoice.stars.paidWith')} after={t('invoice.stars.telegramStars')} />
          )}
          {receipt.card && (
            <Cell
              title={t('payment.success.card')}
              after={<CardDisplay brand={receipt.card.brand} last={receipt.card.last4} />}
            />
          )}
          {receipt.transactionId !== undefined && (
            <Cell
              title={t('payment.success.transactionId')}
              after={<span data-testid="transaction-id">{receipt.transactionId}</span>}
            />
          )}
        </Section>
      </Screen>
    );
  }
  if (view.kind === 'failed') {
    return (
      <Screen
        title={t('payment.failure.title')}
        state={READY}
        mainButton={{ text: t('payment.failure.retry'), onClick: () => go(vm.retry()) }}
      >
        <Placeholder
          className="payment-failure"
          icon={<Icon name="alert" size={48} />}
          title={t('payment.failure.title')}
          text={t(`payment.failure.reason.${view.reason}`)}
          // "Try again" is the main button alone: one retry on the screen.
          actions={
            <Button mode="plain" onClick={vm.openSupport}>
              {t('payment.failure.support')}
            </Button>
          }
        />
        <p className="payment-failure__code">{t('payment.failure.code', { code: view.code })}</p>
      </Screen>
    );
  }

  // ready
  const channel = vm.channel;
  const subscription = vm.subscription;
  const donation = vm.donation;
  const payAmount = vm.payAmount;
  const inStars = vm.payMethod === 'stars';
  const subscriptionStars = vm.subscriptionStars;
  const donationStars = vm.donationStars;
  const starsPay = vm.starsPayAmount;
  const starsError = vm.starsRequestErrorCode;
  const mainButton = inStars
    ? {
        text: starsPay !== null ? t('invoice.stars.pay', { amount: starsAmount(starsPay) }) : t('payment.pay'),
        onClick: vm.payWithStars,
        enabled: starsPay !== null && !vm.isPayingWithStars,
        loading: vm.isPayingWithStars,
      }
    : undefined;
  const quote = vm.promoQuote;
  const mainText =
    vm.kind === 'subscription' && quote !== null
      ? t('promo.invoice.payNow', { amount: formatMoney(quote.charged) })
      : vm.kind === 'subscription'
        ? t('invoice.subscribeFor', {
            price: subscription ? priceWithPeriod(subscription.price, subscription.period) : '',
          })
        : payAmount !== null
          ? t('invoice.donateAmount', { amount: formatMoney(payAmount) })
          : t('invoice.donate');
  const trialButton = vm.startsTrial
    ? { text: t('trial.invoice.start'), onClick: () => void vm.startTrial(), loading: vm.trialStarting }
    : undefined;
  return (
    <Screen
      title={title}
      state={READY}
      mainButton={
        mainButton ??
        trialButton ?? {
          text: mainText,
          onClick: () => go(vm.proceedToPayment()),
          enabled: vm.kind === 'subscription' || payAmount !== null,
        }
      }
    >
      {channel && (
        <header className="invoice-header">
          <Avatar id={channel.id} name={channel.name} src={channel.photoUrl} size={72} decorative />
          <h1 className="invoice-header__channel">{channel.name}</h1>
        </header>
      )}
      {vm.offersStars && (
        <Section header={t('invoice.stars.payWith')}>
          <div className="invoice-pay-method">
            <SegmentedControl<PayMethodChoice>
              label={t('invoice.stars.payWith')}
              value={vm.payMethod}
              onChange={vm.setPayMethod}
              segments={[
                { value: 'card', label: t('invoice.stars.card') },
                { value: 'stars', label: t('invoice.stars.telegramStars') },
              ]}
            />
          </div>
          {starsError !== null && (
            <p className="invoice-stars-error" role="alert">
              {starsError === 'stars_unavailable' ? t('invoice.stars.unavailable') : t('payment.unknownError')}
            </p>
          )}
        </Section>
      )}
      {subscription && (
        <Section
          header={t('invoice.subscriptionSection')}
          // A private channel shows nothing to strangers: say what paying brings.
          footer={channel?.type === 'private' ? t('invoice.privateAccess') : undefined}
        >
          {inStars && subscriptionStars ? (
            <Cell
              title={subscription.name}
              subtitle={
                subscription.period === 'onetime'
                  ? t('invoice.periodName.onetime')
                  : subscriptionStars.renews
                    ? t('invoice.stars.renews')
                    : t('invoice.stars.onePeriod', { period: t(`invoice.periodName.${subscription.period}`) })
              }
              after={<strong data-testid="stars-price">{starsAmount(subscriptionStars.amount)}</strong>}
            />
          ) : (
            <Cell
              title={subscription.name}
              subtitle={t(`invoice.periodName.${subscription.period}`)}
              after={<strong>{priceWithPeriod(subscription.price, subscription.period)}</strong>}
            />
          )}
          {subscription.description && (
            <div className="invoice-description">
              <CollapsibleText text={subscription.description} />
            </div>
          )}
        </Section>
      )}
      {subscription && <TrialSection vm={vm} />}
      {subscription && !inStars && !vm.startsTrial && <PromoSection vm={vm} />}
      {subscription && vm.giftPath !== null && (
        <Section footer={t('gift.giveHint')}>
          <Cell to={vm.giftPath} before={<Icon name="gift" size={24} />} title={t('gift.give')} chevron />
        </Section>
      )}
      {subscription && inStars && vm.promoText.trim() !== '' && (
        // Telegram Stars take no promo code: the code stays for a card payment.
        <p className="invoice-promo invoice-promo__note">{t('promo.invoice.cardOnly')}</p>
      )}
      {donation && vm.currency && (
        <>
          <Section header={donation.title}>
            {donation.description && (
              <div className="invoice-description">
                <CollapsibleText text={donation.description} />
              </div>
            )}
          </Section>
          <DonationGoalProgress donation={donation} nowMs={Date.now()} zone={deviceZone()} />
          {inStars && donationStars ? (
            <Section header={t('invoice.amountSection')}>
              <div className="invoice-amount">
                <TextInput
                  label={t('invoice.stars.amountLabel')}
                  inputMode="numeric"
                  autoComplete="off"
                  value={vm.starsText}
                  onChange={vm.setStarsText}
                  suffix="⭐"
                  error={
                    vm.starsAmountErrorKey
                      ? t(vm.starsAmountErrorKey, {
                          amount: vm.starsAmountErrorBound !== undefined ? starsAmount(vm.starsAmountErrorBound) : '',
                        })
                      : undefined
                  }
                />
              </div>
            </Section>
          ) : vm.fixedAmount ? (
            <Section header={t('invoice.amountSection')}>
              <Cell title={t('invoice.amountLabel')} after={<span dir="ltr">{formatMoney(vm.fixedAmount)}</span>} />
            </Section>
          ) : (
            <Section header={t('invoice.amountSection')}>
              <div className="invoice-amount">
                <TextInput
                  label={t('invoice.amountLabel')}
                  inputMode="numeric"
                  autoComplete="off"
                  value={vm.amountText}
                  onChange={vm.setAmountText}
                  suffix={vm.currency.toUpperCase()}
                  error={
                    vm.amountErrorKey
                      ? t(vm.amountErrorKey, { amount: vm.amountErrorBound ? formatMoney(vm.amountErrorBound) : '' })
                      : undefined
                  }
                />
                <AmountPresets
                  presets={vm.presets}
                  isSelected={vm.isPresetSelected}
                  onChoose={vm.choosePreset}
                  label={t('invoice.presetsLabel')}
                />
              </div>
            </Section>
          )}
        </>
      )}
    </Screen>
  );
});

/** /invoice/subscription/{subscriptionId} and /invoice/donation/{donationId}. */
export default function InvoiceScreen({ vm }: { vm: InvoiceViewModel }) {
  useFlowNavigation(vm.flowNavigation);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  return <InvoiceContent vm={vm} />;
}
