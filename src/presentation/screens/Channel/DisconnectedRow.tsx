import { useTranslation } from 'react-i18next';
import { Cell, Icon, Section } from '../../components';
import { CONNECT_BOT_PATH } from '../../shared/channelLinks';

/** The bot lost its admin rights: a warning row that leads to /connectbot to add it again. */
export function DisconnectedRow() {
  const { t } = useTranslation();
  return (
    <Section className="channel-disconnected">
      <Cell
        to={CONNECT_BOT_PATH}
        chevron
        before={<Icon name="alert" size={24} className="channel-disconnected__icon" />}
        title={t('channel.disconnected.title')}
        subtitle={t('channel.disconnected.text')}
      />
    </Section>
  );
}
