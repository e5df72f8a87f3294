/**
 * A Russian bank account that can receive a payout (Smart Glocal, payouts/payout-russia): the holder's full name as in
 * the passport, the individual's 12-digit INN, the bank's BIK and a 20-digit account that starts with a prefix the
 * reference allows for individuals ("if the account begins with another number, the payout will fail").
 * The check digits are the Federal Tax Service's (INN) and the Bank of Russia's (account against BIK): a typo is
 * caught here, with a message about the field, instead of as a failed payout weeks later.
 */

/** Personal accounts (40817810, 40820810 for non-residents, 42301810–42307810 deposits), sole traders (40802810), 40502810. */
export const RU_ACCOUNT_PREFIXES: readonly string[] = [
  '40817810',
  '40820810',
  '40802810',
  '40502810',
  ...[1, 2, 3, 4, 5, 6, 7].map((digit) => `4230${digit}810`),
];

export const RU_FULL_NAME_MAX = 256;

/** The fields in the form's order, each checked before the next. */
export const RU_ACCOUNT_FIELDS = ['full_name', 'inn', 'bik', 'account'] as const;
export type RuAccountField = (typeof RU_ACCOUNT_FIELDS)[number];

/** Why a field is refused, named `<field>_<reason>`. */
export const RU_ACCOUNT_ERRORS = [
  'full_name_required',
  'full_name_format',
  'full_name_max_length',
  'inn_required',
  'inn_format',
  'inn_checksum',
  'bik_required',
  'bik_format',
  'account_required',
  'account_format',
  'account_prefix',
  'account_control_key',
] as const;
export type RuAccountErrorCode = (typeof RU_ACCOUNT_ERRORS)[number];

export interface RuAccountError {
  readonly field: RuAccountField;
  readonly code: RuAccountErrorCode;
}

const weighted = (digits: string, weights: readonly number[]): number =>
  weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0);

/** An individual's INN: 12 digits whose 11th and 12th are the tax service's check digits. */
export function isValidPersonalInn(inn: string): boolean {
  if (!/^\d{12}$/.test(inn)) return false;
  const eleventh = (weighted(inn, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  const twelfth = (weighted(inn, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  return eleventh === Number(inn[10]) && twelfth === Number(inn[11]);
}

/**
 * The Bank of Russia's control key: the BIK's last three digits (for a settlement centre, whose BIK ends 000–002,
 * "0" and the BIK's 5th and 6th digits) followed by the 20-digit account, weighted 7, 1, 3 repeating, sum to a
 * multiple of 10.
 */
export function accountMatchesBik(bik: string, account: string): boolean {
  if (!/^\d{9}$/.test(bik) || !/^\d{20}$/.test(account)) return false;
  const tail = bik.slice(6);
  const key = ['000', '001', '002'].includes(tail) ? `0${bik.slice(4, 6)}` : tail;
  const digits = key + account;
  const weights = Array.from({ length: digits.length }, (_, index) => [7, 1, 3][index % 3]!);
  return weighted(digits, weights) % 10 === 0;
}

/** Letters of any script, with the spaces, hyphens, apostrophes and dots that names have; two words at least. */
const FULL_NAME = /^\p{L}[\p{L}\p{M}.'’-]*(?:\s+\p{L}[\p{L}\p{M}.'’-]*)+$/u;

/** Trimmed values, spaces inside the numbers dropped (people paste "4081 7810 …"). */
export function normalizeRuAccount(values: Readonly<Partial<Record<string, string>>>): Record<RuAccountField, string> {
  const digits = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');
  return {
    full_name: (values.full_name ?? '').trim().replace(/\s+/g, ' '),
    inn: digits(values.inn),
    bik: digits(values.bik),
    account: digits(values.account),
  };
}

/** The first field that would make the payout fail, in the form's order, or null when all are right. */
export function validateRuAccount(values: Readonly<Partial<Record<string, string>>>): RuAccountError | null {
  const v = normalizeRuAccount(values);
  const fail = (code: RuAccountErrorCode): RuAccountError => ({
    field: RU_ACCOUNT_FIELDS.find((field) => code.startsWith(`${field}_`))!,
    code,
  });
  for (const field of RU_ACCOUNT_FIELDS) if (v[field] === '') return fail(`${field}_required`);
  if ([...v.full_name].length > RU_FULL_NAME_MAX) return fail('full_name_max_length');
  if (!FULL_NAME.test(v.full_name)) return fail('full_name_format');
  if (!/^\d{12}$/.test(v.inn)) return fail('inn_format');
  if (!isValidPersonalInn(v.inn)) return fail('inn_checksum');
  if (!/^04\d{7}$/.test(v.bik)) return fail('bik_format');
  if (!/^\d{20}$/.test(v.account)) return fail('account_format');
  if (!RU_ACCOUNT_PREFIXES.some((prefix) => v.account.startsWith(prefix))) return fail('account_prefix');
  if (!accountMatchesBik(v.bik, v.account)) return fail('account_control_key');
  return null;
}

/** English texts for the server's answers (the app shows its own, payout.errors.payout_ru_<code>). */
export const RU_ACCOUNT_MESSAGES: Readonly<Record<RuAccountErrorCode, string>> = {
  full_name_required: "Enter the account holder's full name",
  full_name_format: 'Enter the full name as in the passport: surname and given name',
  full_name_max_length: `The name must be at most ${RU_FULL_NAME_MAX} characters`,
  inn_required: 'Enter your INN',
  inn_format: 'The INN of an individual has 12 digits',
  inn_checksum: 'This INN is not valid: check the digits',
  bik_required: 'Enter the BIK',
  bik_format: 'The BIK has 9 digits and starts with 04',
  account_required: 'Enter the account number',
  account_format: 'The account number has 20 digits',
  account_prefix: 'Payouts go only to a personal account: 40817810, 40820810, 40802810, 40502810 or 42301810–42307810',
  account_control_key: 'The account number does not match the BIK: check both',
};
