import { useTranslation } from 'react-i18next';
import { Cell } from '../../components/Cell';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';
import { Section } from '../../components/Section';
import { Screen } from '../../shell/Screen';
import type { SupportViewModel } from '../../shared/SupportViewModel';

/** /support: how to reach the team; the main button opens the support chat in the messenger. */
export default function SupportScreen({ vm }: { vm: SupportViewModel }) {
  const { t } = useTranslation();
  const openChat = vm.openSupport;
  return (
    <Screen title={t('help.support.title')} mainButton={{ text: t('help.support.write'), onClick: openChat }}>
      <Placeholder
        icon={<Icon name="info" size={48} />}
        title={t('help.support.title')}
        text={t('help.support.text')}
      />
      <Section footer={t('help.support.footer')}>
        <Cell to="/faq" title={t('help.faq.title')} chevron />
        <Cell onClick={openChat} title={t('help.support.write')} chevron />
      </Section>
    </Screen>
  );
}
