/**
 * The PaymentProvider port over the in-process sandbox provider. A real adapter would make HTTP calls to the
 * provider's API; this one calls the sandbox directly, but the engine cannot tell the difference: notifications still
 * arrive signed over HTTP and are verified with the shared secret.
 */
import type {
  CreateProviderPayment, PaymentProvider, ProviderCard, ProviderEvent, ProviderPayment, ProviderPayout, ProviderPayoutRequest,
} from '../PaymentProvider';
import { verifySignature } from '../webhookSignature';
import type { SandboxProvider } from './SandboxProvider';

export class SandboxPaymentProvider implements PaymentProvider {
  constructor(private readonly sandbox: SandboxProvider, private readonly webhookSecret: string) {}

  createPayment(request: CreateProviderPayment): Promise<ProviderPayment> {
    return this.sandbox.createPayment(request);
  }

  findPayment(reference: string): Promise<ProviderPayment | null> {
    return this.sandbox.findPayment(reference);
  }

  verifyEvent(rawBody: string, signatureHeader: string | undefined): ProviderEvent | null {
    if (!verifySignature(this.webhookSecret, rawBody, signatureHeader)) return null;
    return parseEvent(rawBody);
  }

  describeToken(token: string): Promise<ProviderCard | null> {
    return this.sandbox.describeToken(token);
  }

  publicKey(): string {
    return this.sandbox.publicKey;
  }

  createPayout(request: ProviderPayoutRequest): Promise<ProviderPayout> {
    return this.sandbox.createPayout(request);
  }

  refundPayment(reference: string): Promise<'refunded' | 'not_refundable'> {
    return this.sandbox.refund(reference);
  }
}

const STATUSES = new Set(['pending', 'action_required', 'paid', 'cancelled', 'error']);

/** Reads a notification body; null when it is not a session event of the expected shape. */
export function parseEvent(rawBody: string): ProviderEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { id, type, data } = parsed as { id?: unknown; type?: unknown; data?: unknown };
  if (typeof id !== 'string' || type !== 'session.updated' || typeof data !== 'object' || data === null) return null;
  const payment = data as Partial<ProviderPayment>;
  if (typeof payment.reference !== 'string' || typeof payment.sessionId !== 'string' || typeof payment.status !== 'string' || !STATUSES.has(payment.status)) return null;
  return { id, type, payment: payment as ProviderPayment };
}
