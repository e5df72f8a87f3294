/**
 * How a payment moves on in the sandbox. Saved cards settle on the first check; new cards settle after the provider
 * session has been read `providerPendingReads` times; link payments wait for completeLinkPayment; 3-D Secure cards
 * wait for completeThreeDSecure. Declined cards end in error with the provider's code.
 */
import type { InMemoryBackend } from './InMemoryBackend';
import { settlePayment } from './ledger';
import type { PaymentRecord } from './records';
import { CHALLENGE_DECLINED, CHALLENGE_FAILED, DECLINE_ERROR } from './testCards';

function applyScenario(backend: InMemoryBackend, payment: PaymentRecord): void {
  switch (payment.scenario) {
    case 'approve':
      settlePayment(backend, payment);
      return;
    case 'decline':
      payment.status = 'error';
      payment.error = { ...(payment.decline ?? DECLINE_ERROR) };
      return;
    case 'three_ds':
      payment.status = 'action_required';
      payment.redirectUrl = `https://pay.sandbox.local/3ds/${payment.id}`;
      return;
  }
}

/** One look at a pending payment, by the check call or by a provider session read. */
export function advancePayment(backend: InMemoryBackend, payment: PaymentRecord): void {
  if (payment.status !== 'pending') return;
  if (payment.method === 'smart_glocal') return;
  if (payment.method === 'smart_glocal_form' && payment.sessionToken !== undefined) {
    const session = backend.providerSessions.get(payment.sessionToken);
    if (session !== undefined && session.pendingReads > 0) {
      session.pendingReads -= 1;
      return;
    }
  }
  applyScenario(backend, payment);
}

function pendingPayment(backend: InMemoryBackend, paymentId: string): PaymentRecord {
  const payment = backend.payments.get(paymentId);
  if (payment === undefined) throw new Error(`sandbox: no payment ${paymentId}`);
  return payment;
}

/** Sandbox control: the payer finished (or failed) the 3-D Secure page. */
export function completeThreeDSecure(backend: InMemoryBackend, paymentId: string, approved = true): void {
  const payment = pendingPayment(backend, paymentId);
  if (payment.status !== 'action_required') return;
  if (approved && payment.challengeFails) {
    payment.status = 'error';
    payment.error = { ...CHALLENGE_FAILED };
  } else if (approved) settlePayment(backend, payment);
  else {
    payment.status = 'error';
    payment.error = { ...CHALLENGE_DECLINED };
  }
}

/** Sandbox control: the payer paid on the hosted page of a link payment. */
export function completeLinkPayment(backend: InMemoryBackend, paymentId: string): void {
  const payment = pendingPayment(backend, paymentId);
  if (payment.method === 'smart_glocal' && payment.status === 'pending') settlePayment(backend, payment);
}
