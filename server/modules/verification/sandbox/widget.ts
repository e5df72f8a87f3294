/**
 * The Sumsub double's WebSDK frame (<base>/websdk/websdk.html) and external link page (<base>/websdk/p/<id>).
 * It stands for Sumsub's own page, so its English text is not part of the app's i18n.
 *
 * In a frame it speaks the WebSDK's messages with @sumsub/websdk's builder in the parent (every message carries the
 * frame id from `?_=` and a session id):
 *   → { method: 'idCheck.onReady', frameId, sessionId }      ← { method: 'idCheck.init', accessToken, lang, ... }
 *   → idCheck.onInitialized, idCheck.onApplicantLoaded { applicantId }
 *   → idCheck.onError { code: 'invalid-token' } (token unknown or expired)  ← { method: 'idCheck.updateAccessToken', accessToken, error }
 *   → idCheck.onApplicantSubmitted {}, idCheck.onApplicantStatusChanged { reviewStatus, reviewResult }
 * Standalone (the external link iOS opens) it runs with the link's token and posts nothing.
 */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const json = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The double's own endpoints the page calls (server/modules/verification/sandbox/plugin.ts). */
export const WIDGET_SESSION_PATH = '/websdk/sandbox/session';
export const WIDGET_SUBMIT_PATH = '/websdk/sandbox/submit';

export function sumsubWidgetPage(options: { standaloneToken: string | null; lang: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Identity check (Sumsub sandbox)</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:0;padding:16px;color:#1c1c1e;background:#f2f2f7}
.card{background:#fff;border-radius:12px;padding:16px;max-width:420px;margin:0 auto}
h1{font-size:18px;margin:0 0 8px}p{margin:0 0 12px;color:#555}
button{display:block;width:100%;padding:12px;margin:8px 0;border:0;border-radius:10px;font-size:15px;cursor:pointer}
.ok{background:#1a7f37;color:#fff}.retry{background:#9a5b00;color:#fff}.no{background:#c62828;color:#fff}
.err{color:#c62828}[hidden]{display:none}
</style></head><body><main class="card">
<h1>Identity check (Sumsub sandbox)</h1>
<p id="loading">Loading the identity check…</p>
<section id="check" hidden>
<p>No documents needed: choose the outcome of the check. <span id="meta"></span></p>
<button type="button" class="ok" data-outcome="approve">Approve</button>
<button type="button" class="retry" data-outcome="retry">Reject for retry</button>
<button type="button" class="no" data-outcome="final">Reject final</button>
</section>
<p id="result" role="status"></p>
<p id="error" class="err" role="alert" hidden></p>
</main>
<script>
(function(){
  // The builder puts the frame id in ?_= unencoded (base64 may hold '+'): read it raw, not through URLSearchParams.
  var frameMatch = location.search.match(/[?&]_=([^&]*)/);
  var frameId = frameMatch ? frameMatch[1] : null;
  var sessionId = 'sbx-' + Math.random().toString(36).slice(2);
  var standaloneToken = ${json(options.standaloneToken)};
  var token = null;
  var pendingOutcome = null;
  function tell(method, payload){
    if (standaloneToken !== null || window.parent === window) return;
    var message = Object.assign({ method: method, frameId: frameId, sessionId: sessionId }, payload || {});
    window.parent.postMessage(message, '*');
  }
  function show(id, visible){ document.getElementById(id).hidden = !visible; }
  function fail(text){ var e = document.getElementById('error'); e.textContent = text; show('error', true); }
  function invalidToken(){
    show('check', false);
    if (standaloneToken !== null) { fail('This verification link is invalid or expired.'); return; }
    tell('idCheck.onError', { code: 'invalid-token', error: 'Access token is invalid or expired' });
  }
  function load(accessToken){
    token = accessToken;
    fetch(${json(WIDGET_SESSION_PATH)} + '?token=' + encodeURIComponent(accessToken))
      .then(function(r){ return r.ok ? r.json() : null; })
      .then(function(session){
        show('loading', false);
        if (session === null) { invalidToken(); return; }
        show('error', false);
        document.getElementById('meta').textContent = 'Applicant ' + session.applicantId + ', level ' + session.levelName + '.';
        show('check', true);
        tell('idCheck.onInitialized');
        tell('idCheck.onApplicantLoaded', { applicantId: session.applicantId });
        if (pendingOutcome !== null) { var outcome = pendingOutcome; pendingOutcome = null; submit(outcome); }
      });
  }
  function submit(outcome){
    fetch(${json(WIDGET_SUBMIT_PATH)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: token, outcome: outcome }) })
      .then(function(r){ return r.json().then(function(body){ return { status: r.status, body: body }; }); })
      .then(function(answer){
        if (answer.status === 401) { pendingOutcome = outcome; invalidToken(); return; }
        if (answer.status !== 200) { fail(answer.body.description || 'The check could not be submitted.'); return; }
        var review = answer.body.review;
        show('check', false);
        document.getElementById('result').textContent = 'Submitted: ' + review.reviewResult.reviewAnswer + (review.reviewResult.reviewRejectType ? ' ' + review.reviewResult.reviewRejectType : '');
        tell('idCheck.onApplicantSubmitted', {});
        tell('idCheck.onApplicantStatusChanged', { reviewStatus: review.reviewStatus, levelName: review.levelName, reviewResult: review.reviewResult, applicantId: answer.body.applicantId });
      });
  }
  document.querySelectorAll('button[data-outcome]').forEach(function(button){
    button.addEventListener('click', function(){ submit(button.getAttribute('data-outcome')); });
  });
  if (standaloneToken !== null) { load(standaloneToken); return; }
  window.addEventListener('message', function(event){
    var data = event.data || {};
    if (data.method === 'idCheck.init') {
      if (data.lang) document.documentElement.lang = data.lang;
      load(data.accessToken);
    } else if (data.method === 'idCheck.updateAccessToken') {
      if (data.accessToken) load(data.accessToken); else fail(data.error || 'Access token could not be updated');
    }
  });
  tell('idCheck.onReady');
})();
</script></body></html>`;
}
