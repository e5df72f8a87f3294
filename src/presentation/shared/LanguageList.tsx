import { useId } from 'react';
import type { Language, LanguageCode } from '../../domain/entities';
import { Cell, Icon, Section } from '../components';

export interface LanguageListProps {
  /** Visible heading of the group; also its accessible name. */
  readonly label: string;
  readonly footer?: string;
  readonly languages: readonly Language[];
  readonly value: LanguageCode | null;
  readonly onChange: (code: LanguageCode) => void;
  readonly disabled?: boolean;
}

/** The channel languages (ru, en, id) as a radio group: native name, English name below, a check on the chosen one. */
export function LanguageList({ label, footer, languages, value, onChange, disabled }: LanguageListProps) {
  const name = useId();
  return (
    <Section header={label} footer={footer}>
      <div role="radiogroup" aria-label={label} className="language-list">
        {languages.map((language) => (
          <Cell
            key={language.code}
            as="label"
            className="language-list__option"
            title={<span lang={language.code}>{language.name}</span>}
            subtitle={language.englishName !== language.name ? language.englishName : undefined}
            before={
              <input
                type="radio"
                className="language-list__radio"
                name={name}
                value={language.code}
                checked={value === language.code}
                disabled={disabled}
                onChange={() => onChange(language.code)}
              />
            }
            after={
              value === language.code ? <Icon name="check" size={20} className="language-list__check" /> : undefined
            }
          />
        ))}
      </div>
    </Section>
  );
}
