import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CardDisplay, Cell, Section } from '../../components';
import '../../payment/payment.css';
import { Screen } from '../../shell/Screen';
import type { CardViewModel } from './CardViewModel';

/** /payment/card/{cardId}. */
function CardScreen({ vm }: { vm: CardViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  useEffect(() => {
    if (vm.removed) void navigate(-1);
  }, [vm.removed, navigate]);

  const card = vm.card;
  return (
    <Screen title={t('cards.cardTitle')} state={vm.state} onRetry={() => void vm.load()}>
      {card && (
        <>
          <div className="card-detail__mark">
            <CardDisplay brand={card.cardBrand} last={card.cardLast} />
          </div>
          <Section header={t('cards.cardTitle')}>
            <Cell title={t('cards.status')} after={card.active ? t('cards.active') : t('cards.inactive')} />
            {card.primary && <Cell title={t('cards.primary')} subtitle={t('cards.primaryHint')} />}
          </Section>
          <Section>
            {vm.canSetPrimary && <Cell title={t('cards.setPrimary')} onClick={() => void vm.setPrimary()} />}
            <Cell
              title={t('cards.remove')}
              destructive
              disabled={vm.removing}
              onClick={() =>
                void vm.confirmRemove({
                  title: t('cards.removeConfirmTitle'),
                  message: t('cards.removeConfirmText'),
                  confirm: t('cards.remove'),
                })
              }
            />
          </Section>
        </>
      )}
    </Screen>
  );
}

export default observer(CardScreen);
