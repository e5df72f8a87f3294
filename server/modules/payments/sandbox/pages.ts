/**
 * HTML of the sandbox provider's own pages: the 3-D Secure challenge and the hosted payment page. They stand for a
 * third party's pages (the bank's and the provider's), so their English text is not part of the app's i18n.
 * Every dynamic value is escaped; the pages need no external resources.
 */
import { currencyExponent, toMajor } from '../../../../src/domain/money';
import type { SandboxSession } from './store';
import { DECLINES, maskNumber } from './testCards';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function formatAmount(session: SandboxSession): string {
  const digits = currencyExponent(session.currency);
  return `${toMajor(session.amountMinor, session.currency).toFixed(digits)} ${session.currency.toUpperCase()}`;
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; padding: 24px 16px; display: flex; justify-content: center; }
  main { width: 100%; max-width: 380px; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 16px; }
  dt { opacity: .7; } dd { margin: 0; font-weight: 600; }
  .row { display: flex; gap: 12px; margin-top: 16px; }
  button { flex: 1; font: inherit; padding: 12px; border-radius: 10px; border: 1px solid #8884; cursor: pointer; }
  button.primary { background: #2481cc; color: #fff; border-color: #2481cc; }
  label { display: block; margin-top: 12px; font-size: .9rem; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: 10px; margin-top: 4px; border-radius: 8px; border: 1px solid #8886; }
  .pair { display: flex; gap: 12px; } .pair label { flex: 1; }
  .error { color: #d33; margin-top: 12px; }
  .muted { opacity: .7; font-size: .85rem; }
`;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;
}

/** Tells the embedding page (the app's /payment/redirect frame) how the challenge ended. */
function notifyParentScript(sessionId: string, status: string, returnUrl: string | null): string {
  const message = JSON.stringify({ type: 'sandbox-provider:3ds-result', sessionId, status });
  const redirect =
    returnUrl === null
      ? ''
      : `setTimeout(function () { window.location.replace(${JSON.stringify(returnUrl)}); }, 1500);`;
  return `(function () {
    var message = ${message};
    try { if (window.parent && window.parent !== window) window.parent.postMessage(message, '*'); } catch (e) {}
    try { if (window.opener) window.opener.postMessage(message, '*'); } catch (e) {}
    ${redirect}
  })();`;
}

export function challengePage(
  session: SandboxSession,
  actionPath: string,
  secondsLeft: number,
  returnUrl: string | null,
): string {
  if (session.status !== 'action_required' || session.card === null) return challengeResultPage(session, returnUrl);
  const card = maskNumber(session.card.bin, session.card.last4, session.card.length);
  const hiddenReturn =
    returnUrl === null ? '' : `<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">`;
  const body = `
    <h1>3-D Secure verification</h1>
    <p>Your bank asks you to confirm this payment.</p>
    <dl>
      ${session.description !== '' ? `<dt>Merchant</dt><dd>${escapeHtml(session.description)}</dd>` : ''}
      <dt>Amount</dt><dd>${escapeHtml(formatAmount(session))}</dd>
      <dt>Card</dt><dd>${escapeHtml(card)}</dd>
    </dl>
    <p id="countdown" role="timer" aria-live="off">Time left: <span id="countdown-value" data-seconds="${secondsLeft}">${formatSeconds(secondsLeft)}</span></p>
    <div class="row">
      <form method="post" action="${escapeHtml(actionPath)}" style="flex:1;display:flex">
        <input type="hidden" name="outcome" value="decline">${hiddenReturn}
        <button type="submit" name="decline">Decline</button>
      </form>
      <form method="post" action="${escapeHtml(actionPath)}" style="flex:1;display:flex">
        <input type="hidden" name="outcome" value="confirm">${hiddenReturn}
        <button type="submit" class="primary" name="confirm">Confirm</button>
      </form>
    </div>
    <form id="timeout-form" method="post" action="${escapeHtml(actionPath)}" hidden>
      <input type="hidden" name="outcome" value="timeout">${hiddenReturn}
    </form>
    <p class="muted">Sandbox bank: nothing is really charged.</p>`;
  const script = `(function () {
    var value = document.getElementById('countdown-value');
    var left = Number(value.getAttribute('data-seconds'));
    var deadline = Date.now() + left * 1000;
    function pad(n) { return n < 10 ? '0' + n : String(n); }
    function tick() {
      var seconds = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      value.textContent = Math.floor(seconds / 60) + ':' + pad(seconds % 60);
      if (seconds <= 0) { clearInterval(timer); document.getElementById('timeout-form').submit(); }
    }
    var timer = setInterval(tick, 1000);
    tick();
  })();`;
  return page('3-D Secure verification', body, script);
}

function formatSeconds(total: number): string {
  const seconds = Math.max(0, Math.floor(total));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function challengeResultPage(session: SandboxSession, returnUrl: string | null): string {
  const paid = session.status === 'paid';
  const heading = paid
    ? 'Payment confirmed'
    : session.status === 'action_required'
      ? 'Verification pending'
      : 'Payment not confirmed';
  const detail = paid ? 'You can return to the app.' : escapeHtml(session.errorDescription ?? DECLINES['3ds_declined']);
  const body = `<h1 id="result" data-status="${escapeHtml(session.status)}">${heading}</h1><p>${detail}</p>
    ${session.errorCode !== null ? `<p class="muted">Code: ${escapeHtml(session.errorCode)}</p>` : ''}`;
  return page(heading, body, notifyParentScript(session.id, session.status, returnUrl));
}

export function hostedPaymentPage(session: SandboxSession, actionPath: string, error: string | null): string {
  if (session.status !== 'pending') return hostedResultPage(session);
  const body = `
    <h1>Pay by card</h1>
    <dl>
      ${session.description !== '' ? `<dt>Merchant</dt><dd>${escapeHtml(session.description)}</dd>` : ''}
      <dt>Amount</dt><dd>${escapeHtml(formatAmount(session))}</dd>
    </dl>
    <form method="post" action="${escapeHtml(actionPath)}" autocomplete="on">
      <label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="24" required></label>
      <label>Cardholder name<input name="cardholder_name" autocomplete="cc-name" maxlength="255" required></label>
      <div class="pair">
        <label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="MM/YY" maxlength="5" required></label>
        <label>Security code<input name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></label>
      </div>
      ${error !== null ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
      <div class="row"><button type="submit" class="primary">Pay ${escapeHtml(formatAmount(session))}</button></div>
    </form>
    <p class="muted">Sandbox provider: use a test card; nothing is really charged.</p>`;
  return page('Pay by card', body);
}

export function hostedResultPage(session: SandboxSession): string {
  if (session.status === 'ready') {
    // Waiting for the merchant's confirmation: look again in a moment.
    const body = `<h1 id="result" data-status="ready">Payment processing</h1><p>This takes a few seconds.</p><meta http-equiv="refresh" content="2">`;
    return page('Payment processing', body);
  }
  const paid = session.status === 'paid';
  const heading = paid ? 'Payment successful' : 'Payment failed';
  const body = `<h1 id="result" data-status="${escapeHtml(session.status)}">${heading}</h1>
    <p>${paid ? 'You can return to the app.' : escapeHtml(session.errorDescription ?? 'The payment was not completed')}</p>
    ${session.errorCode !== null ? `<p class="muted">Code: ${escapeHtml(session.errorCode)}</p>` : ''}`;
  return page(heading, body, notifyParentScript(session.id, session.status, null));
}

export function notFoundPage(): string {
  return page('Not found', '<h1>Payment session not found</h1>');
}
