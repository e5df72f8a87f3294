import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../domain/format';
import { CardDisplay, Cell, Icon, Section } from '../../components';
import { NoPaymentPlaceholder } from '../../payment/NoPaymentPlaceholder';
import { useFlowNavigation } from '../../payment/useFlowNavigation';
import '../../payment/payment.css';
import { Screen } from '../../shell/Screen';
import type { PaymentMethodViewModel } from './PaymentMethodViewModel';

/** /payment/choicePaymentMethod: a saved card or a new bank card. */
function PaymentMethodScreen({ vm }: { vm: PaymentMethodViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useFlowNavigation(vm.flowNavigation);
  const title = t('payment.method.title');
  if (!vm.hasTarget) return <NoPaymentPlaceholder title={title} />;

  const amount = vm.amount;
  const paysNow = vm.selectedCardId !== null;
  const mainButton = {
    text: paysNow && amount ? t('payment.payAmount', { amount: formatMoney(amount) }) : t('common.continue'),
    loading: vm.isPaying,
    enabled: !vm.isPaying,
    onClick: () => {
      const next = vm.continue();
      if (next !== null) void navigate(next);
    },
  };
  return (
    <Screen title={title} mainButton={mainButton}>
      <Section header={title}>
        <div role="radiogroup" aria-label={title}>
          {vm.cards.map((card) => (
            <Cell
              key={card.id}
              as="label"
              title={<CardDisplay brand={card.cardBrand} last={card.cardLast} />}
              subtitle={
                [card.primary ? t('cards.primary') : null, card.active ? null : t('cards.inactive')]
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              after={
                <input
                  type="radio"
                  name="payment-method"
                  className="checkbox"
                  aria-label={t('common.card.ending', {
                    brand: t(`common.card.brand.${card.cardBrand}`),
                    last: card.cardLast,
                  })}
                  checked={vm.selectedCardId === card.id}
                  disabled={!card.active || vm.isPaying}
                  onChange={() => vm.select(card.id)}
                />
              }
            />
          ))}
          <Cell
            as="label"
            before={<Icon name="card" />}
            title={t('payment.method.newCard')}
            after={
              <input
                type="radio"
                name="payment-method"
                className="checkbox"
                aria-label={t('payment.method.newCard')}
                checked={vm.selectedCardId === null}
                disabled={vm.isPaying}
                onChange={() => vm.select(null)}
              />
            }
          />
        </div>
      </Section>
    </Screen>
  );
}

export default observer(PaymentMethodScreen);
