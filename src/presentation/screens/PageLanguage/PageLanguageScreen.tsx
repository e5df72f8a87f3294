import { useTranslation } from 'react-i18next';
import { Cell } from '../../components/Cell';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';
import { Screen } from '../../shell/Screen';
import type { PageLanguageViewModel } from './PageLanguageViewModel';

/**
 * /settings/language: the page languages in their own names, the current one checked. A tap stores the choice and
 * the page shows itself in that language once its texts are loaded (spec section 1: storage first, then the
 * messenger's language, then English).
 */
export default function PageLanguageScreen({ vm }: { vm: PageLanguageViewModel }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('settings.language.title')}>
      <h1 className="visually-hidden">{t('settings.language.title')}</h1>
      <Section header={t('settings.language.listLabel')} footer={t('settings.language.hint')}>
        {vm.options.map((option) => (
          <Cell
            key={option.code}
            onClick={() => vm.choose(option.code)}
            title={
              <span lang={option.code} dir="auto">
                {option.name}
              </span>
            }
            after={
              option.current ? (
                <Icon name="check" size={20} label={t('settings.language.current')} className="language-list__check" />
              ) : undefined
            }
          />
        ))}
      </Section>
    </Screen>
  );
}
