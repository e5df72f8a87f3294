/** The Content-Security-Policy per configuration. */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appCspDirectives,
  inlineScriptHashes,
  sandboxPageCspDirectives,
} from '../../../../server/platform/http/securityHeaders';
import { loadConfig } from '../../../../server/platform/config';

const keys = { SMART_GLOCAL_PROJECT: 'p', SMART_GLOCAL_PRIVATE_KEY: 'k', SMART_GLOCAL_PUBLIC_KEY: 'k' };

describe('appCspDirectives', () => {
  test('production: only Telegram web clients frame the app; the tokenisation URL and the identity widget are allowed', () => {
    const config = loadConfig({
      SANDBOX: '0',
      PUBLIC_URL: 'https://app.example',
      BOT_TOKEN: '1:x',
      SMART_GLOCAL_URL: 'https://proxy.smart-glocal.com',
      ...keys,
      SUMSUB_URL: 'https://api.sumsub.com',
      SUMSUB_APP_TOKEN: 't',
      SUMSUB_SECRET_KEY: 's',
      SUMSUB_WEBHOOK_SECRET: 'w',
      SUMSUB_LEVEL_NAME: 'basic-kyc-level',
    });
    const directives = appCspDirectives(config);
    expect(directives['frame-ancestors']).toEqual(['https://web.telegram.org', 'https://*.telegram.org']);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://tgb.smart-glocal.com',
      'https://api.sumsub.com',
      'https://in.sumsub.com',
      'https://static.sumsub.com',
    ]);
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://api.sumsub.com',
      'https://in.sumsub.com',
      'https://static.sumsub.com',
    ]);
    expect(directives['frame-src']).toEqual(["'self'", 'https:']);
    // Telegram's web clients send custom CSS that the messenger SDK puts into a <style> element.
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  test('the sandbox: this origin frames the app too (the host emulator); plain-http provider pages are named', () => {
    const directives = appCspDirectives(loadConfig({ SMART_GLOCAL_URL: 'http://127.0.0.1:9000', ...keys }));
    expect(directives['frame-ancestors']).toEqual(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
    expect(directives['frame-src']).toEqual(["'self'", 'https:', 'http://127.0.0.1:9000']);
    expect(directives['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9000']);
  });

  test('CSP_IDENTITY_ORIGINS replaces the Sumsub defaults; anything but http(s) URLs is refused', () => {
    expect(
      loadConfig({ CSP_IDENTITY_ORIGINS: 'https://id.example/path, https://cdn.example' }).identityOrigins,
    ).toEqual(['https://id.example', 'https://cdn.example']);
    expect(loadConfig({}).identityOrigins).toEqual([]);
    expect(() => loadConfig({ CSP_IDENTITY_ORIGINS: "'unsafe-inline'" })).toThrow(/CSP_IDENTITY_ORIGINS/);
    expect(() => loadConfig({ CSP_IDENTITY_ORIGINS: 'javascript:alert(1)' })).toThrow(/CSP_IDENTITY_ORIGINS/);
  });

  test('sandbox pages add inline scripts and nothing else', () => {
    const app = appCspDirectives(loadConfig({}));
    const pages = sandboxPageCspDirectives(app);
    expect(pages['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect({ ...pages, 'script-src': app['script-src'] }).toEqual(app);
  });
});

describe('inline scripts of the built page', () => {
  it('are allowed by their sha256 only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-'));
    const code = 'window.early=1';
    const module = 'window.earlier=2';
    writeFileSync(
      join(dir, 'index.html'),
      `<html><head><script>${code}</script><script type="module">${module}</script><script type="module" crossorigin src="/assets/x.js"></script></head></html>`,
    );
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const hash = sha(code);
    expect(inlineScriptHashes(dir)).toEqual([hash, sha(module)]);
    expect(inlineScriptHashes(dir)).not.toContain(sha(''));
    expect(
      appCspDirectives({ sandbox: false, smartGlocal: undefined, identityOrigins: [] }, inlineScriptHashes(dir))[
        'script-src'
      ],
    ).toEqual(["'self'", hash, sha(module)]);
    expect(inlineScriptHashes(join(dir, 'missing'))).toEqual([]);
    // The sandbox's own pages allow inline scripts: a listed hash would make browsers ignore 'unsafe-inline'.
    expect(
      sandboxPageCspDirectives(
        appCspDirectives({ sandbox: true, smartGlocal: undefined, identityOrigins: [] }, [hash]),
      )['script-src'],
    ).toEqual(["'self'", "'unsafe-inline'"]);
  });
});
