import Fastify, { type FastifyInstance } from 'fastify';
import { lazySerializerFactory, lazyValidatorFactory } from '../../../../server/platform/http/lazySchemas';
import { strictValidatorFactory } from '../../../../server/platform/http/validation';

/** A response schema fast-json-stringify refuses (its $ref points nowhere): compiling it throws. */
const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };

function appWith(eager: boolean): FastifyInstance {
  const app = Fastify({
    schemaController: {
      compilersFactory: {
        buildValidator: lazyValidatorFactory(strictValidatorFactory(), eager),
        buildSerializer: lazySerializerFactory(eager),
      },
    },
  });
  app.post(
    '/echo',
    {
      schema: {
        body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    },
    async (request) => ({ n: (request.body as { n: number }).n, dropped: 'by the serializer' }),
  );
  app.get('/broken', { schema: { response: { 200: broken } } }, async () => ({ a: 1 }));
  return app;
}

/** Fastify's inject loads an ES module Jest's CommonJS runtime cannot: the tests call a listening server. */
async function caller(app: FastifyInstance) {
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

describe('route schemas compiled on first use', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  it('validates and serializes as the eager compilers do', async () => {
    app = appWith(false);
    const call = await caller(app);
    expect(await call('POST', '/echo', { n: 5 })).toEqual({ status: 200, body: { n: 5 } });
    // A failed validation's errors reach Fastify through the function it holds.
    const bad = await call('POST', '/echo', { n: '5' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('body/n must be integer');
    expect((await call('POST', '/echo', {})).body.message).toBe("body must have required property 'n'");
  });

  it('starts with a schema that cannot compile and fails only the route that needs it', async () => {
    app = appWith(false);
    const call = await caller(app);
    expect((await call('POST', '/echo', { n: 1 })).status).toBe(200);
    expect((await call('GET', '/broken')).status).toBe(500);
  });

  it('compiles every schema at start when eager (production), so a bad one stops the start', async () => {
    app = appWith(true);
    await expect(app.ready()).rejects.toThrow(/serialization schema for GET: \/broken/);
  });
});
