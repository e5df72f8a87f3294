/**
 * The built mini-app (dist/) on the same origin as the API. Hashed assets (dist/assets/*) are cached for a year as
 * immutable; index.html and the rest are revalidated. Unknown GET paths that look like app routes (no file
 * extension, not /api/, /provider/, /sandbox/ or the Sumsub double's /resources/ and /websdk/) answer index.html so deep links work; everything else is a JSON
 * 404 not_found. Tested end to end in tests/integration/server/process.test.ts (a real `server/main.ts` process).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const NON_APP_PREFIXES = ['/api/', '/provider/', '/sandbox/', '/telegram/', '/admin/api/', '/resources/', '/websdk/'];

/** The operator console's pages (/admin, /admin/...) answer admin.html, its own entry that the mini-app never loads. */
export function isAdminPath(url: string): boolean {
  const pathname = url.split('?')[0]!.split('#')[0]!;
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

export function isSpaPath(url: string): boolean {
  const pathname = url.split('?')[0]!.split('#')[0]!;
  if (NON_APP_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix)) return false;
  return !/\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
}

export async function installStatic(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasApp = existsSync(path.join(staticDir, 'index.html'));
  if (hasApp) {
    // Loaded only when there is an app to serve: @fastify/static pulls in ESM-only modules that Jest's CommonJS
    // runtime cannot load, and API tests run without dist/.
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true, // the build writes .br and .gz beside each asset (vite.config.ts)
      setHeaders(response, filePath) {
        const relative = path.relative(staticDir, filePath).split(path.sep).join('/');
        response.header(
          'cache-control',
          relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const method = request.method;
    if (
      hasApp &&
      (method === 'GET' || method === 'HEAD') &&
      isSpaPath(request.url) &&
      existsSync(path.join(staticDir, 'index.html'))
    ) {
      const page = isAdminPath(request.url) ? 'admin.html' : 'index.html';
      if (existsSync(path.join(staticDir, page)))
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
    }
    return reply
      .code(404)
      .send({ code: 'not_found', message: `${method} ${request.url.split('?')[0]} does not exist` });
  });
}
