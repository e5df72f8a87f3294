/**
 * Security headers on everything the server answers (helmet's), and `Cache-Control: no-store` on private API
 * answers. Helmet's middleware parses its policy on every call (so does @fastify/helmet, which builds it per request):
 * the headers are computed once per policy here and set by one plain hook.
 *
 * Content-Security-Policy, built from the configuration:
 * - scripts from this origin, plus the built index.html's own inline script by its hash (it starts the dashboard
 *   request beside the entry: inlineScriptHashes); the sandbox's own pages under /sandbox, /provider, /websdk and
 *   /resources (the host emulator, the Sumsub double's widget frame, the card provider double's bank pages) are small
 *   server-rendered pages with inline scripts, so they also allow 'unsafe-inline' scripts;
 * - styles from this origin and inline: Telegram's web clients send the app custom CSS (`set_custom_style`), which
 *   the messenger SDK puts into a <style> element;
 * - images from anywhere over https (Telegram's profile and channel photos), data: and blob:;
 * - fetches to this origin, the card provider's tokenisation URL (SMART_GLOCAL_TOKENIZE_URL) and the identity check;
 * - frames (the 3-D Secure and hosted payment pages of any bank, the identity widget): this origin and https, plus
 *   the payment page and identity origins when they are plain http;
 * - framed only by Telegram's web clients (`https://web.telegram.org https://*.telegram.org`) and, in the sandbox, by
 *   this origin (the host emulator frames the app; the app frames the widget and bank pages).
 * X-Frame-Options is not sent: frame-ancestors decides, and XFO's SAMEORIGIN would refuse Telegram's web clients.
 * The operator console (/admin, /admin/*, its admin.html) has its own, stricter policy: this origin only, and framed
 * by nobody (`frame-ancestors 'none'`, X-Frame-Options DENY): no page may overlay its buttons.
 * Strict-Transport-Security only on answers over https (directly, or per X-Forwarded-Proto from a proxy TRUST_PROXY
 * names): over plain http a browser ignores it, and a proxy that terminates TLS says https.
 * No CORS headers are sent here: no foreign origin may call the API from a browser (the provider double answers its
 * own tokenisation preflights, as Smart Glocal does).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ServerConfig } from '../config';

export const TELEGRAM_WEB_CLIENTS = ['https://web.telegram.org', 'https://*.telegram.org'] as const;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

type Directives = Record<string, string[]>;

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

const unique = (values: ReadonlyArray<string | undefined>): string[] => [
  ...new Set(values.filter((value): value is string => value !== undefined && value !== '')),
];
const plainHttp = (origins: readonly string[]): string[] => origins.filter((origin) => origin.startsWith('http:'));

/** The app's Content-Security-Policy directives for this configuration. */
export function appCspDirectives(
  config: Pick<ServerConfig, 'sandbox' | 'smartGlocal' | 'identityOrigins'>,
  inlineScripts: readonly string[] = [],
): Directives {
  const identity = [...config.identityOrigins];
  const tokenize = originOf(config.smartGlocal?.tokenizeUrl);
  const paymentPage = originOf(config.smartGlocal?.paymentPageUrl);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': unique(["'self'", ...inlineScripts, ...identity]),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': unique(["'self'", tokenize, ...identity]),
    'frame-src': unique(["'self'", 'https:', ...plainHttp(unique([paymentPage, ...identity]))]),
    'form-action': ["'self'"],
    'frame-ancestors': unique([config.sandbox ? "'self'" : undefined, ...TELEGRAM_WEB_CLIENTS]),
  };
}

/**
 * The sandbox's server-rendered pages: the app's policy plus inline scripts. The app page's script hashes are left
 * out: a browser ignores 'unsafe-inline' wherever a hash is listed.
 */
export function sandboxPageCspDirectives(app: Directives): Directives {
  return {
    ...app,
    'script-src': [...app['script-src']!.filter((source) => !source.startsWith("'sha256-")), "'unsafe-inline'"],
  };
}

/** The operator console's policy: its own scripts and API only, framed by nobody. */
export function adminCspDirectives(): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** /admin, /admin/..., /admin.html, however spelt (the static files and the router decode the path). */
export function isConsolePath(url: string): boolean {
  let pathname = url.split('?')[0]!.split('#')[0]!;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // not decodable: judged as written
  }
  pathname = pathname.replace(/\/{2,}/g, '/').toLowerCase();
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/admin.');
}

const HSTS = 'max-age=15552000';

const isSandboxPage = (url: string): boolean => /^\/(sandbox|provider|websdk|resources)(\/|$)/.test(url);

/**
 * CSP sources ('sha256-…') of the inline scripts (classic or module: a script element without `src`) of the built
 * index.html in `staticDir` (none when not built).
 */
export function inlineScriptHashes(staticDir: string): string[] {
  const file = path.join(staticDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc\s*=/i.test(match[1] ?? ''))
    .map((match) => `'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
}

/** The headers helmet's middleware sets for `options` (it sets them synchronously, and the same for every request). */
export function helmetHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error;
  });
  return [...headers];
}

/** Registers the headers; call first, before any route. */
export function installSecurityHeaders(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'sandbox' | 'smartGlocal' | 'identityOrigins' | 'staticDir'>,
): void {
  const directives = appCspDirectives(config, inlineScriptHashes(config.staticDir));
  const common = {
    xFrameOptions: false,
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: false,
  } as const;
  const headersFor = (policy: Directives) =>
    helmetHeaders({ ...common, contentSecurityPolicy: { useDefaults: false, directives: policy } });
  const appHeaders = headersFor(directives);
  const adminHeaders = [
    ...helmetHeaders({ ...common, contentSecurityPolicy: { useDefaults: false, directives: adminCspDirectives() } }),
    ['x-frame-options', 'DENY'] as const,
  ];
  if (config.sandbox) {
    // Decided once per route, not per request.
    const pageHeaders = headersFor(sandboxPageCspDirectives(directives));
    app.addHook('onRoute', (route: RouteOptions) => {
      if (isSandboxPage(route.url ?? ''))
        route.config = { ...(route.config ?? {}), securityHeaders: pageHeaders } as RouteOptions['config'];
    });
  }
  // On the raw response, as helmet's middleware does: they stay on every answer, errors and 404s included.
  app.addHook('onRequest', (request, reply, done) => {
    const headers =
      request.routeOptions.config?.securityHeaders ?? (isConsolePath(request.url) ? adminHeaders : appHeaders);
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own security headers (the sandbox's server-rendered pages); absent: the app's. */
    securityHeaders?: ReadonlyArray<readonly [string, string]>;
  }
}

/** `Cache-Control: no-store` on every answer of the scope but its public routes (register inside /api/v2). */
export function noStoreForPrivateAnswers(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.public !== true) reply.header('cache-control', 'no-store');
    return payload;
  });
}
