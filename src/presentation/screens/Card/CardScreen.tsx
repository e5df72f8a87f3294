import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { TOKENS } from '../../../di/tokens';
import { useService } from '../../app/resolver';
import { useViewModel } from '../../app/useViewModel';
import { CardDisplay, Cell, Section } from '../../components';
import '../../payment/payment.css';
import { Screen } from '../../shell/Screen';

/** /payment/card/{cardId}. */
function CardScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const platform = useService(TOKENS.MessengerPlatform);
  const { cardId } = useParams();
  const vm = useViewModel(TOKENS.CardViewModel, Number(cardId));
  useEffect(() => {
    void vm.start();
  }, [vm]);
  useEffect(() => {
    if (vm.removed) void navigate(-1);
  }, [vm.removed, navigate]);

  const card = vm.card;
  const remove = async (): Promise<void> => {
    const answer = await platform.showPopup({
      title: t('cards.removeConfirmTitle'),
      message: t('cards.removeConfirmText'),
      buttons: [
        { id: 'remove', type: 'destructive', text: t('cards.remove') },
        { id: 'keep', type: 'cancel' },
      ],
    });
    if (answer === 'remove') await vm.remove();
  };
  return (
    <Screen title={t('cards.cardTitle')} state={vm.load.state} onRetry={() => void vm.start()}>
      {card && (
        <>
          <div className="card-detail__mark">
            <CardDisplay brand={card.cardBrand} last={card.cardLast} />
          </div>
          <Section header={t('cards.cardTitle')}>
            <Cell title={t('cards.status')} after={card.active ? t('cards.active') : t('cards.inactive')} />
            {card.primary && <Cell title={t('cards.primary')} subtitle={t('cards.primaryHint')} multiline />}
          </Section>
          <Section>
            {vm.canSetPrimary && <Cell title={t('cards.setPrimary')} onClick={() => void vm.setPrimary()} />}
            <Cell title={t('cards.remove')} destructive disabled={vm.removing} onClick={() => void remove()} />
          </Section>
        </>
      )}
    </Screen>
  );
}

export default observer(CardScreen);
