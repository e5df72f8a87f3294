import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';
import { Screen } from '../../shell/Screen';
import type { SupportViewModel } from '../../shared/SupportViewModel';
import './faq.css';

/** Topics and their questions; texts are help.faq.<topic>.<question>.{q,a}. */
export const FAQ_TOPICS = {
  subscriptions: ['how', 'cancel', 'renew', 'removed'],
  payments: ['methods', 'safety', 'failed', 'donations'],
  payouts: ['when', 'minimum', 'setup', 'currencies'],
  cards: ['primary', 'remove', 'inactive'],
} as const;

type Topic = keyof typeof FAQ_TOPICS;

/** /faq: collapsible questions about subscriptions, payments, payouts and cards, then support. */
export default function FaqScreen({ vm }: { vm: SupportViewModel }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('help.faq.title')}>
      <h1 className="visually-hidden">{t('help.faq.title')}</h1>
      {(Object.keys(FAQ_TOPICS) as Topic[]).map((topic) => (
        <Section key={topic} header={t(`help.faq.${topic}.title`)}>
          {FAQ_TOPICS[topic].map((question) => (
            <details key={question} className="faq-item">
              <summary>
                <span>{t(`help.faq.${topic}.${question}.q`)}</span>
                <Icon name="chevron" size={18} />
              </summary>
              <p>{t(`help.faq.${topic}.${question}.a`)}</p>
            </details>
          ))}
        </Section>
      ))}
      <Section footer={t('help.faq.stillQuestions')}>
        <div className="faq-support">
          <Button stretched onClick={vm.openSupport}>
            {t('help.support.write')}
          </Button>
        </div>
      </Section>
    </Screen>
  );
}
