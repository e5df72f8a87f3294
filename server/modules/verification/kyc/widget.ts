/**
 * The sandbox identity-check widget the client embeds (iframe) at /sandbox/kyc/widget?token=. It stands for a
 * third-party KYC provider's page, so its English text is not part of the app's i18n.
 *
 * It tells the embedding page what happened with `postMessage` to the parent:
 *   { source: 'backers-kyc', event: 'ready' }
 *   { source: 'backers-kyc', event: 'decision', status: 'approved' | 'kyc_approved' | 'kyc_rejected' }
 *   { source: 'backers-kyc', event: 'error', code: 'invalid-token' }   → fetch a fresh token
 */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function kycWidgetPage(token: string, valid: boolean, decisionUrl: string): string {
  const tokenJson = JSON.stringify(token).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Identity check (sandbox)</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:0;padding:16px;color:#1c1c1e;background:#f2f2f7}
.card{background:#fff;border-radius:12px;padding:16px;max-width:420px;margin:0 auto}
h1{font-size:18px;margin:0 0 8px}p{margin:0 0 12px;color:#555}
button{display:block;width:100%;padding:12px;margin:8px 0;border:0;border-radius:10px;font-size:15px;cursor:pointer}
.ok{background:#34c759;color:#fff}.wait{background:#ff9f0a;color:#fff}.no{background:#ff3b30;color:#fff}
.err{color:#ff3b30}
</style></head><body><div class="card">
<h1>Identity check (sandbox)</h1>
${valid
    ? `<p>No documents needed: choose the outcome of the check.</p>
<button class="ok" data-decision="approved">Approve</button>
<button class="wait" data-decision="kyc_approved">Approve, manual review pending</button>
<button class="no" data-decision="kyc_rejected">Reject</button>
<p id="result" role="status"></p>`
    : `<p class="err" role="alert">This identity check session is invalid or expired (invalid-token).</p>`}
</div>
<script>
(function(){
  var token = ${tokenJson};
  function tell(message){ message.source = 'backers-kyc'; try { window.parent.postMessage(message, '*'); } catch (e) {} }
  ${valid ? '' : "tell({ event: 'error', code: 'invalid-token' }); return;"}
  tell({ event: 'ready' });
  document.querySelectorAll('button[data-decision]').forEach(function(button){
    button.addEventListener('click', function(){
      var decision = button.getAttribute('data-decision');
      fetch(${JSON.stringify(escapeHtml(decisionUrl))}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: token, decision: decision }) })
        .then(function(r){ return r.json().then(function(body){ return { ok: r.ok, body: body }; }); })
        .then(function(answer){
          if (answer.ok) { document.getElementById('result').textContent = 'Done: ' + answer.body.status; tell({ event: 'decision', status: answer.body.status }); }
          else { document.getElementById('result').textContent = answer.body.message; tell({ event: 'error', code: answer.body.code }); }
        });
    });
  });
})();
</script></body></html>`;
}
