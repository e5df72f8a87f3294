import path from 'node:path';
import { build } from 'esbuild';

/** Path of the protocol fixture page; served by the test itself through page.route, on the server's origin. */
export const protocolPagePath = '/sandbox/protocol-test.html';

let cached: Promise<string> | undefined;

/** The fixture mini-app (tests/e2e/fixtures/protocol-test-app.ts, the real SDK bundled in) as one HTML page. */
export function protocolPageHtml(): Promise<string> {
  cached ??= (async () => {
    const bundle = await build({
      entryPoints: [path.resolve('tests/e2e/fixtures/protocol-test-app.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      logLevel: 'silent',
    });
    const script = (bundle.outputFiles[0]?.text ?? '').replaceAll('</script', '<\\/script');
    const controls = [
      ['show-main', 'Show main button'],
      ['disable-main', 'Disable main button'],
      ['progress-main', 'Main button progress'],
      ['hide-main', 'Hide main button'],
      ['show-secondary', 'Show secondary button'],
      ['show-back', 'Show back button'],
      ['hide-back', 'Hide back button'],
      ['open-popup', 'Open popup'],
      ['haptic', 'Haptic success'],
      ['header-color', 'Header colour'],
      ['confirm-close', 'Confirm closing'],
      ['channel-picker', 'Add bot to channel'],
      ['startapp-link', 'Open startapp link'],
      ['chat-link', 'Open chat link'],
      ['external-link', 'Open external link'],
      ['close-app', 'Close app'],
      ['open-invoice', 'Open invoice'],
    ]
      .map(([id, label]) => `<button type="button" id="${id}">${label}</button>`)
      .join('\n');
    const outputs = [
      'platform',
      'version',
      'start-param',
      'user-id',
      'theme-bg',
      'viewport-height',
      'main-clicks',
      'secondary-clicks',
      'back-clicks',
      'popup-result',
      'invoice-result',
      'last-error',
    ]
      .map((id) => `<p><label for="${id}">${id}</label> <output id="${id}"></output></p>`)
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Protocol test</title>
<style>body{font:14px system-ui;margin:12px}button{margin:2px}p{margin:2px 0}</style></head>
<body><main><h1>Protocol test</h1><p><label for="invoice-link">Invoice link</label> <input id="invoice-link"></p>${controls}${outputs}</main><script>${script}</script></body></html>`;
  })();
  return cached;
}
