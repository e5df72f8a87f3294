import { DateTime } from 'luxon';
import {
  cardCodeLength,
  detectCardBrand,
  formatExpiryInput,
  maskCardNumber,
  parseExpiry,
  validateCardCode,
  validateCardNumber,
  validateExpiry,
  validateHolder,
  validatePostalCode,
} from '../../../src/domain/payment-card';

const VISA_16 = '4111111111111111';
const VISA_18 = '400000000000000002';
const VISA_19 = '4111111111111111110';
const MASTERCARD = '5555555555554444';
const AMEX = '378282246310005';

describe('card number', () => {
  it.each([
    [VISA_16, null],
    ['4111 1111 1111 1111', null],
    ['40000000000000006', 'invalid_card_number'], // Visa 17
    [VISA_18, null],
    [VISA_19, null],
    ['4000000000006', 'invalid_card_number'], // Visa 13
    [MASTERCARD, null],
    ['55000000000000004', 'invalid_card_number'], // Mastercard 17
    [AMEX, null],
    ['3700000000000007', 'invalid_card_number'], // Amex 16
    ['4111111111111112', 'invalid_card_number'], // bad check digit
    ['1000000000000008', 'invalid_card_number'], // no known network
    ['4111-1111-1111-1111', 'invalid_card_number'],
    ['', 'required_field'],
  ])('%p → %p', (number, error) => {
    expect(validateCardNumber(number)).toBe(error);
  });

  it.each([
    [VISA_16, 'visa'],
    [MASTERCARD, 'mastercard'],
    ['2200000000000004', 'mir'],
    ['6759649826438453', 'maestro'],
    [AMEX, 'unknown'],
    ['', 'unknown'],
  ])('detects the brand of %p as %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('card code', () => {
  it('is 3 digits, 4 for American Express', () => {
    expect(cardCodeLength(VISA_16)).toBe(3);
    expect(cardCodeLength(AMEX)).toBe(4);
    expect(cardCodeLength('')).toBe(3);
    expect(validateCardCode('123', VISA_16)).toBeNull();
    expect(validateCardCode('12', VISA_16)).toBe('invalid_code');
    expect(validateCardCode('1234', VISA_16)).toBe('invalid_code');
    expect(validateCardCode('12a', VISA_16)).toBe('invalid_code');
    expect(validateCardCode('1234', AMEX)).toBeNull();
    expect(validateCardCode('123', AMEX)).toBe('invalid_code');
    expect(validateCardCode('', VISA_16)).toBe('required_field');
  });
});

describe('expiry', () => {
  const now = DateTime.fromISO('2026-03-15T12:00:00Z', { zone: 'utc' }).toMillis();

  it.each([
    ['03/26', null], // current month still works
    ['02/26', 'expired_card'], // last month
    ['12/25', 'expired_card'], // last year
    ['01/27', null],
    ['12/45', null], // 19 years ahead
    ['01/46', 'invalid_date'], // 20 years ahead
    ['00/27', 'invalid_date'],
    ['13/27', 'invalid_date'],
    ['12/27', null],
    ['1/27', 'invalid_date'],
    ['0a/27', 'invalid_date'],
    ['12/2027', 'invalid_date'],
    ['1227', 'invalid_date'],
    ['', 'required_field'],
  ])('%p → %p', (text, error) => {
    expect(validateExpiry(text, now)).toBe(error);
  });

  it('reads the current month in the given zone', () => {
    const lateMarchUtc = DateTime.fromISO('2026-03-31T23:30:00Z', { zone: 'utc' }).toMillis();
    expect(validateExpiry('03/26', lateMarchUtc)).toBeNull();
    expect(validateExpiry('03/26', lateMarchUtc, 'Asia/Tokyo')).toBe('expired_card');
  });

  it('parses and formats MM/YY', () => {
    expect(parseExpiry('07/29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('7/29')).toBeNull();
    expect(formatExpiryInput('1225')).toBe('12/25');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('12/25')).toBe('12/25');
    expect(formatExpiryInput('122599')).toBe('12/25');
  });
});

describe('holder and postal code', () => {
  it('holder: required, up to 255 characters, not only digits', () => {
    expect(validateHolder('JOHN DOE')).toBeNull();
    expect(validateHolder('')).toBe('required_field');
    expect(validateHolder('   ')).toBe('required_field');
    expect(validateHolder('12345')).toBe('invalid_holder');
    expect(validateHolder('12 345')).toBe('invalid_holder');
    expect(validateHolder('R2D2')).toBeNull();
    expect(validateHolder('a'.repeat(255))).toBeNull();
    expect(validateHolder('a'.repeat(256))).toBe('invalid_holder');
  });

  it('postal code: required, at least 3 characters', () => {
    expect(validatePostalCode('')).toBe('required_field');
    expect(validatePostalCode('12')).toBe('invalid_postal_code');
    expect(validatePostalCode(' 12 ')).toBe('invalid_postal_code');
    expect(validatePostalCode('123')).toBeNull();
  });
});

describe('masking', () => {
  it('shows dots and the last four digits', () => {
    expect(maskCardNumber(VISA_16)).toBe('•••• 1111');
    expect(maskCardNumber('4242')).toBe('•••• 4242');
    expect(maskCardNumber('4111 1111 1111 4321')).toBe('•••• 4321');
  });
});
