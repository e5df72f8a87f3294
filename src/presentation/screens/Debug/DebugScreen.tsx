import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Cell } from '../../components/Cell';
import { Section } from '../../components/Section';
import { Switch } from '../../components/Switch';
import { Screen } from '../../shell/Screen';
import {
  HAPTIC_IMPACT_STYLES,
  HAPTIC_NOTIFICATION_TYPES,
  HEADER_COLOR_TESTS,
  type DebugViewModel,
} from './DebugViewModel';
import './debug.css';

/** Throws while rendering once the test asks for it, so the crash boundary takes over. */
const CrashTest = observer(function CrashTest({ vm }: { vm: DebugViewModel }) {
  if (vm.crashRequested) throw new Error('Debug: test crash from /debug');
  return null;
});

/** /debug: header colours, haptics, copy URL and init data, error console, crash test, clear storage. */
const DebugScreen = observer(function DebugScreen({ vm }: { vm: DebugViewModel }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('devtools.debug.title')}>
      <CrashTest vm={vm} />
      <h1 className="visually-hidden">{t('devtools.debug.title')}</h1>
      <Section header={t('devtools.debug.environment')}>
        <Cell title={t('devtools.debug.platform')} after={vm.platformSummary} />
      </Section>

      <Section
        header={t('devtools.debug.headerColors')}
        footer={vm.headerColor === null ? undefined : t('devtools.debug.headerColorSet', { color: vm.headerColor })}
      >
        <div className="debug-buttons">
          {HEADER_COLOR_TESTS.map((color) => (
            <Button key={color} mode="tinted" size="small" onClick={() => vm.setHeaderColor(color)}>
              {color}
            </Button>
          ))}
        </div>
      </Section>

      <Section header={t('devtools.debug.haptics')}>
        <div className="debug-buttons">
          {HAPTIC_IMPACT_STYLES.map((style) => (
            <Button key={style} mode="tinted" size="small" onClick={() => vm.impact(style)}>
              {t('devtools.debug.impact', { style })}
            </Button>
          ))}
          {HAPTIC_NOTIFICATION_TYPES.map((type) => (
            <Button key={type} mode="tinted" size="small" onClick={() => vm.notification(type)}>
              {t('devtools.debug.notification', { type })}
            </Button>
          ))}
          <Button mode="tinted" size="small" onClick={vm.selection}>
            {t('devtools.debug.selection')}
          </Button>
        </div>
      </Section>

      <Section header={t('devtools.debug.copy')}>
        <Cell
          onClick={() => void vm.copy(window.location.href)}
          title={t('devtools.debug.copyUrl')}
          subtitle={<span className="debug-value">{window.location.href}</span>}
          truncate
        />
        <Cell
          onClick={() => void vm.copyInitData()}
          title={t('devtools.debug.copyInitData')}
          disabled={vm.initData === ''}
        />
      </Section>

      <Section header={t('devtools.debug.tools')} footer={t('devtools.debug.errorConsoleHint')}>
        <Cell
          as="label"
          title={t('devtools.debug.errorConsole')}
          after={<Switch checked={vm.errorConsoleEnabled} onChange={vm.setErrorConsoleEnabled} />}
        />
        <Cell onClick={vm.throwError} title={t('devtools.debug.throwError')} destructive />
        <Cell onClick={vm.clearStorage} title={t('devtools.debug.clearStorage')} destructive />
      </Section>
    </Screen>
  );
});

export default DebugScreen;
