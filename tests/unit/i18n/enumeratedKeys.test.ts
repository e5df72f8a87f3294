/**
 * Keys the code builds from a value (`t(\`transaction.type.${type}\`)`): no text search finds them, so every value of
 * each enumeration must have its text in every page locale (currencies are named by Intl, not by the catalogue), or a screen shows a key instead of words. And the
 * first screen (the dashboard) renders before the other namespaces load: every namespace its code reads must be one
 * of the first screen's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BADGE_TYPES,
  CARD_BRANDS,
  MEMBER_FILTERS,
  PAYOUT_FIELD_NAMES,
  PAYOUT_METHOD_TYPES,
  PAYOUT_PROGRESS,
  PERIODS,
  TRANSACTION_PAYMENT_METHODS,
  TRANSACTION_TYPES,
} from '../../../src/domain/entities';
import { PAGE_LOCALES } from '../../../src/domain/languages';
import { GIFT_REFUSALS } from '../../../src/domain/gift';
import { PAYMENT_FAILURE_REASONS } from '../../../src/domain/payment-failure';
import { PAYOUT_FAILURE_REASONS } from '../../../src/domain/payout-failure';
import { RU_ACCOUNT_ERRORS } from '../../../src/domain/ru-bank-account';
import { REVENUE_PERIODS } from '../../../src/domain/revenue-periods';
import { STARS_OFFERS } from '../../../src/domain/stars';
import { FIRST_SCREEN_NAMESPACES } from '../../../src/infrastructure/i18n/languages';
import { readLocale } from './localeFiles';

const RECURRING = PERIODS.filter((period) => period !== 'onetime');

/** Prefix → every value the code puts after it. */
const ENUMERATED: readonly [string, readonly string[]][] = [
  ['transaction.type', TRANSACTION_TYPES],
  ['transaction.method', [...TRANSACTION_PAYMENT_METHODS, ...PAYOUT_METHOD_TYPES]],
  ['channel.transactions.type', TRANSACTION_TYPES],
  ['payout.method', PAYOUT_METHOD_TYPES],
  ['payout.tracker.status', PAYOUT_PROGRESS],
  ['payout.failure', PAYOUT_FAILURE_REASONS],
  ['payment.failure.reason', PAYMENT_FAILURE_REASONS],
  ['payout.errors', RU_ACCOUNT_ERRORS.map((code) => `payout_ru_${code}`)],
  ['payout.fields', PAYOUT_FIELD_NAMES],
  ['common.badge', BADGE_TYPES],
  ['common.card.brand', CARD_BRANDS],
  ['members.filter', MEMBER_FILTERS],
  ['subscription.period', RECURRING],
  ['invoice.pricePer', RECURRING],
  ['revenue.period', REVENUE_PERIODS],
  ['subscription.form.stars.hint', STARS_OFFERS],
  ['subscription.detail.stars', STARS_OFFERS],
  ['common.giftType', ['buy_subscription', 'sell_subscription', 'refund_received', 'refund_issued']],
  ['gift.period', RECURRING],
  ['gift.reason', GIFT_REFUSALS],
];

function text(tree: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('texts of enumerated keys', () => {
  const locales = PAGE_LOCALES.map((locale) => [locale, readLocale(locale)] as const);
  it.each(ENUMERATED)('%s.* has a text for every value in every locale', (prefix, values) => {
    const english = readLocale('en');
    // An enumeration the catalogue does not name at all is not read this way (the list above is checked too).
    expect(text(english, prefix)).toBeDefined();
    const missing = locales.flatMap(([locale, tree]) =>
      values
        .filter((value) => {
          const found = text(tree, `${prefix}.${value}`);
          return typeof found !== 'string' || found.trim() === '';
        })
        .map((value) => `${locale}: ${prefix}.${value}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the first screen', () => {
  const read = (path: string) => readFileSync(join(__dirname, '../../../src/presentation', path), 'utf8');
  const files = [
    'screens/Dashboard/DashboardScreen.tsx',
    'screens/Dashboard/CreatorDashboard.tsx',
    'screens/Dashboard/FollowerDashboard.tsx',
    'screens/Dashboard/TransactionsSection.tsx',
    'shared/withdrawalRow.ts',
  ];
  it('reads only the namespaces loaded before it renders', () => {
    const namespaces = new Set(
      files.flatMap((file) =>
        [
          ...read(file).matchAll(/\bt\(\s*[`'"]([a-z][a-zA-Z]*)\./g),
          ...read(file).matchAll(/_KEY = '([a-z][a-zA-Z]*)\./g),
        ].map((match) => match[1]!),
      ),
    );
    expect([...namespaces].filter((namespace) => !FIRST_SCREEN_NAMESPACES.includes(namespace))).toEqual([]);
  });
});
