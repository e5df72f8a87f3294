import { money } from '../../../src/domain/money';
import {
  saleBreakdown,
  badgeFor,
  parsePaymentExtra,
  showsServiceFee,
  signedAmount,
  transactionCard,
  transactionSign,
} from '../../../src/domain/transactions';

describe('transactions', () => {
  it.each([
    ['sell_subscription', 1, 'SellSubscription', true],
    ['get_donation', 1, 'GetDonation', true],
    ['buy_subscription', -1, 'BuySubscription', false],
    ['send_donation', -1, 'SendDonation', false],
    ['withdrawal', -1, 'check', true],
  ] as const)('%s: sign %i, badge %s, service fee shown %p', (type, sign, badge, fee) => {
    expect(transactionSign(type)).toBe(sign);
    expect(badgeFor(type)).toBe(badge);
    expect(showsServiceFee(type)).toBe(fee);
    expect(signedAmount(type, money(500, 'eur'))).toEqual(money(sign * 500, 'eur'));
  });

  it('parses paymentExtra safely', () => {
    expect(parsePaymentExtra('{"cardBrand":"visa","cardLast":"4242"}')).toEqual({
      cardBrand: 'visa',
      cardLast: '4242',
    });
    expect(parsePaymentExtra('{"cardBrand":"AMEX","cardLast":"0005"}')).toEqual({
      cardBrand: 'unknown',
      cardLast: '0005',
    });
    expect(parsePaymentExtra('{"cardBrand":"mir","cardLast":42}')).toEqual({ cardBrand: 'mir', cardLast: '0042' });
    expect(parsePaymentExtra('{"cardBrand":"visa","cardLast":"4111111111111111"}')).toEqual({
      cardBrand: 'visa',
      cardLast: '1111',
    });
    expect(parsePaymentExtra('{not json')).toBeNull();
    expect(parsePaymentExtra('[1,2]')).toBeNull();
    expect(parsePaymentExtra('null')).toBeNull();
    expect(parsePaymentExtra('{"cardBrand":"visa"}')).toBeNull();
    expect(parsePaymentExtra('{"cardLast":"12ab"}')).toBeNull();
    expect(parsePaymentExtra(undefined)).toBeNull();
    expect(parsePaymentExtra('')).toBeNull();
  });

  it('prefers the transaction card over paymentExtra', () => {
    expect(
      transactionCard({ card: { brand: 'mastercard', last4: '4444' } }, '{"cardBrand":"visa","cardLast":"4242"}'),
    ).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(transactionCard({}, '{"cardBrand":"visa","cardLast":"4242"}')).toEqual({ brand: 'visa', last4: '4242' });
    expect(transactionCard({}, null)).toBeNull();
  });
});

describe('sale breakdown', () => {
  const sale = {
    id: 1,
    createdAt: 0,
    total: money(435, 'eur'),
    amount: money(435, 'eur'),
    price: money(500, 'eur'),
    providerFee: money(15, 'eur'),
    serviceFee: money(50, 'eur'),
    payoutAmount: money(435, 'eur'),
  };

  it.each(['sell_subscription', 'get_donation'] as const)('%s: price = provider fee + service fee + net', (type) => {
    const parts = saleBreakdown({ ...sale, type });
    expect(parts).toEqual({
      gross: money(500, 'eur'),
      providerFee: money(15, 'eur'),
      serviceFee: money(50, 'eur'),
      net: money(435, 'eur'),
    });
    expect(parts!.providerFee.minor + parts!.serviceFee.minor + parts!.net.minor).toBe(parts!.gross.minor);
  });

  it('counts a missing part as zero and leaves the rest as the net', () => {
    const { providerFee: _fee, payoutAmount: _net, ...partial } = sale;
    expect(saleBreakdown({ ...partial, type: 'sell_subscription' })).toEqual({
      gross: money(500, 'eur'),
      providerFee: money(0, 'eur'),
      serviceFee: money(50, 'eur'),
      net: money(450, 'eur'),
    });
  });

  it.each(['buy_subscription', 'send_donation', 'withdrawal', 'refund_issued', 'refund_received'] as const)(
    '%s is no sale',
    (type) => {
      expect(saleBreakdown({ ...sale, type })).toBeNull();
    },
  );
});
