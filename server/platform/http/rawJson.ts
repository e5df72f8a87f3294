import type { FastifyInstance } from 'fastify';
import { named } from './named';

/**
 * Registers `routes` in a scope of their own where an application/json body arrives as the raw string, as sent: a
 * vendor signs those bytes, and a parsed and re-serialised body would not match the signature. The rest of the app
 * keeps parsing JSON.
 */
export async function rawJsonScope(
  app: FastifyInstance,
  name: string,
  routes: (scope: FastifyInstance) => void | Promise<void>,
  options: { prefix?: string } = {},
): Promise<void> {
  await app.register(
    named(async (scope: FastifyInstance) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      await routes(scope);
    }, name),
    options,
  );
}
