import { useTranslation } from 'react-i18next';
import { Cell } from '../../components/Cell';
import { Section } from '../../components/Section';
import { Screen } from '../../shell/Screen';

/** /dev (ten quick taps anywhere): the developer tools menu; /local only in `npm run build:local`. */
export default function DevScreen() {
  const { t } = useTranslation();
  const local = typeof __LOCAL_BUILD__ !== 'undefined' && __LOCAL_BUILD__;
  return (
    <Screen title={t('devtools.dev.title')}>
      <h1 className="visually-hidden">{t('devtools.dev.title')}</h1>
      <Section header={t('devtools.dev.header')}>
        <Cell to="/debug" title={t('devtools.dev.debug')} subtitle={t('devtools.dev.debugHint')} chevron />
        <Cell to="/uikit" title={t('devtools.dev.uikit')} subtitle={t('devtools.dev.uikitHint')} chevron />
        {local && <Cell to="/local" title={t('devtools.dev.local')} subtitle={t('devtools.dev.localHint')} chevron />}
      </Section>
    </Screen>
  );
}
