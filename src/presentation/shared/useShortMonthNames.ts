import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORT_MONTH_KEYS } from '../../domain/format-light';

/**
 * The page language's short month names (i18n `common.shortMonths`), January first, for format-light's Intl-free
 * dates. One array per language (a new `t`), so props made from it stay the same between renders.
 */
export function useShortMonthNames(): readonly string[] {
  const { t } = useTranslation();
  return useMemo(() => SHORT_MONTH_KEYS.map((key) => t(`common.shortMonths.${key}`)), [t]);
}
