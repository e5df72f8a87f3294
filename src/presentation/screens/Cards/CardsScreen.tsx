import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { CardDisplay, Cell, EmptyState, Icon, Section } from '../../components';
import { Screen } from '../../shell/Screen';
import { useOpenScreen } from '../../navigation/keptScreens';
import type { CardsViewModel } from './CardsViewModel';

/** /payment: saved cards with the primary mark and active or inactive label; an empty state without cards. */
function CardsScreen({ vm }: { vm: CardsViewModel }) {
  const { t } = useTranslation();
  useOpenScreen(vm);
  const title = t('cards.title');
  return (
    <Screen title={title} state={vm.state} onRetry={() => void vm.load()}>
      <Section header={title} footer={vm.cards.length > 0 ? t('cards.footer') : undefined}>
        {vm.isEmpty ? (
          <EmptyState icon={<Icon name="card" size={32} />} text={t('cards.empty')} />
        ) : (
          vm.cards.map((card) => (
            <Cell
              key={card.id}
              to={`/payment/card/${card.id}`}
              chevron
              title={<CardDisplay brand={card.cardBrand} last={card.cardLast} />}
              subtitle={card.active ? t('cards.active') : t('cards.inactive')}
              after={card.primary ? <span className="cards-primary">{t('cards.primary')}</span> : undefined}
            />
          ))
        )}
      </Section>
    </Screen>
  );
}

export default observer(CardsScreen);
