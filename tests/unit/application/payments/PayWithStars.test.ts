import type { InvoiceRepository, PaymentCheck } from '../../../../src/application/ports/InvoiceRepository';
import type { InvoiceStatus } from '../../../../src/application/ports/MessengerPlatform';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { PayWithStars } from '../../../../src/application/use-cases/payments/PayWithStars';
import { money } from '../../../../src/domain/money';
import { STARS_CONFIRM_DELAYS_MS, STARS_SLOW_AFTER_MS } from '../../../../src/domain/stars-checkout';

/**
 * The Stars checkout against a scripted server and host: the invoice link opens in the host
 * (https://core.telegram.org/bots/webapps: openInvoice, invoiceClosed) and the server is asked until it has the payment.
 */
function setup(options: { status: InvoiceStatus; check?: () => Promise<PaymentCheck>; subscribedAfter?: number }) {
  const opened: string[] = [];
  const waits: number[] = [];
  let invoiceReads = 0;
  const invoices = {
    createStarsPayment: jest.fn(async () => ({ paymentId: 'pay-1', invoiceLink: 'https://t.me/$slug1' })),
    checkPayment: jest.fn(
      options.check ?? (() => Promise.reject(new RepositoryError('not_found', 'Payment not found'))),
    ),
    subscriptionInvoice: jest.fn(async () => {
      invoiceReads += 1;
      if (options.subscribedAfter !== undefined && invoiceReads > options.subscribedAfter)
        throw new RepositoryError('already_subscribed', 'Already subscribed');
      return {} as Awaited<ReturnType<InvoiceRepository['subscriptionInvoice']>>;
    }),
  } as unknown as InvoiceRepository;
  const platform = {
    openInvoice: async (url: string) => {
      opened.push(url);
      return options.status;
    },
  };
  const scheduler = {
    delay: async (ms: number) => {
      waits.push(ms);
    },
  };
  return { useCase: new PayWithStars(invoices, platform, scheduler), invoices, opened, waits };
}

const paidCheck: PaymentCheck = {
  paymentId: 'pay-1',
  status: 'paid',
  amount: money(500, 'eur'),
  kind: 'subscription',
  inviteLink: 'https://t.me/+abc',
};

describe('PayWithStars', () => {
  it('answers cancelled and failed as the host reports them, without asking the server', async () => {
    for (const status of ['cancelled', 'failed'] as const) {
      const { useCase, invoices, opened } = setup({ status });
      const result = await useCase.execute({
        target: { kind: 'subscription', subscriptionId: 7 },
        idempotencyKey: `key-${status}`,
      });
      expect(result).toEqual({ ok: true, value: { status, paymentId: 'pay-1' } });
      expect(opened).toEqual(['https://t.me/$slug1']);
      expect(invoices.checkPayment).not.toHaveBeenCalled();
    }
  });

  it('after a paid sheet, asks until the subscription invoice shows the membership, saying when it is slow', async () => {
    const { useCase, waits } = setup({ status: 'paid', subscribedAfter: 6 });
    const confirming = jest.fn();
    const slow = jest.fn();
    const result = await useCase.execute({
      target: { kind: 'subscription', subscriptionId: 7 },
      idempotencyKey: 'k',
      onConfirming: confirming,
      onSlow: slow,
    });
    expect(result).toEqual({ ok: true, value: { status: 'paid', paymentId: 'pay-1' } });
    expect(confirming).toHaveBeenCalledTimes(1);
    expect(waits).toEqual(STARS_CONFIRM_DELAYS_MS.slice(0, 6));
    // 9.5 s of pauses: past the point where the wait is said to be slow, once.
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(STARS_SLOW_AFTER_MS);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it("takes the server's paid check with its details (the invite link)", async () => {
    const { useCase } = setup({ status: 'paid', check: async () => paidCheck });
    const result = await useCase.execute({ target: { kind: 'subscription', subscriptionId: 7 }, idempotencyKey: 'k' });
    expect(result).toEqual({ ok: true, value: { status: 'paid', paymentId: 'pay-1', details: paidCheck } });
  });

  it('gives up after the bounded wait with pending', async () => {
    const { useCase, waits } = setup({ status: 'pending' });
    const result = await useCase.execute({ target: { kind: 'subscription', subscriptionId: 7 }, idempotencyKey: 'k' });
    expect(result).toEqual({ ok: true, value: { status: 'pending', paymentId: 'pay-1' } });
    expect(waits).toEqual(STARS_CONFIRM_DELAYS_MS);
  });

  it("trusts the host's paid for a donation the server cannot report, but not its pending", async () => {
    const paid = await setup({ status: 'paid' }).useCase.execute({
      target: { kind: 'donation', donationId: 3, stars: 40 },
      idempotencyKey: 'k',
    });
    expect(paid).toEqual({ ok: true, value: { status: 'paid', paymentId: 'pay-1' } });
    const pending = await setup({ status: 'pending' }).useCase.execute({
      target: { kind: 'donation', donationId: 3, stars: 40 },
      idempotencyKey: 'k',
    });
    expect(pending).toEqual({ ok: true, value: { status: 'pending', paymentId: 'pay-1' } });
  });

  it('refuses a donation outside whole Stars from 1 to 10000 before creating anything; one attempt per key', async () => {
    const { useCase, invoices } = setup({ status: 'cancelled' });
    for (const stars of [0, 1.5, 10_001])
      expect(
        await useCase.execute({ target: { kind: 'donation', donationId: 3, stars }, idempotencyKey: `k${stars}` }),
      ).toEqual({ ok: false, error: { kind: 'invalid', field: 'stars' } });
    expect(invoices.createStarsPayment).not.toHaveBeenCalled();
    const first = useCase.execute({ target: { kind: 'subscription', subscriptionId: 7 }, idempotencyKey: 'same' });
    const again = useCase.execute({ target: { kind: 'subscription', subscriptionId: 7 }, idempotencyKey: 'same' });
    expect(await again).toEqual(await first);
    expect(invoices.createStarsPayment).toHaveBeenCalledTimes(1);
  });

  it('reports a refused create as a request failure (nothing opened)', async () => {
    const { useCase, invoices, opened } = setup({ status: 'paid' });
    (invoices.createStarsPayment as jest.Mock).mockRejectedValueOnce(
      new RepositoryError('stars_unavailable', 'Not sold in Telegram Stars'),
    );
    const result = await useCase.execute({ target: { kind: 'subscription', subscriptionId: 7 }, idempotencyKey: 'k' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'request', code: 'stars_unavailable' } });
    expect(opened).toEqual([]);
  });
});
