/**
 * The checker the integration suite runs over every /api/v2 answer (tests/integration/support/contractCheck.ts): it
 * must catch an undocumented status, an undocumented content type and a body that breaks its schema, or the suite's
 * check would pass whatever the server answers.
 */
import { type OpenApiDocument, OpenApiContract, type SeenAnswer } from '../../support/openApiContract';

const document: OpenApiDocument = {
  paths: {
    '/invoice/{kind}/{id}': {
      get: {
        responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Load' } } } } },
      },
    },
    '/invoice/donation/{id}/create': {
      post: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } } },
          '400': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/revenue/export/{token}': {
      get: { responses: { '200': { content: { 'text/csv': { schema: { type: 'string', minLength: 1 } } } } } },
    },
    '/channel/{id}/delete': { post: { responses: { '204': { description: 'Deleted' } } } },
  },
  components: {
    schemas: {
      Payment: {
        type: 'object',
        properties: { paymentId: { type: 'integer' }, status: { type: 'string', enum: ['pending', 'paid'] } },
        required: ['paymentId', 'status'],
      },
      Load: { type: 'object', properties: { name: { type: 'string', nullable: true } }, required: ['name'] },
      Error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
    },
  },
};

const answer = (overrides: Partial<SeenAnswer>): SeenAnswer => ({
  method: 'POST',
  path: '/invoice/donation/7/create',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ paymentId: 1, status: 'paid' }),
  ...overrides,
});

const contract = new OpenApiContract(document);

it('passes answers that are as documented', () => {
  expect(
    contract.checkAll([
      answer({}),
      answer({ status: 400, body: '{"code":"validation_error"}' }),
      answer({ method: 'GET', path: '/invoice/subscription/3', body: '{"name":null}' }),
      answer({ method: 'GET', path: '/revenue/export/abc', contentType: 'text/csv; charset=utf-8', body: 'a,b\r\n' }),
      answer({ path: '/channel/3/delete', status: 204, contentType: null, body: '' }),
      // The router's own 404 for a path no route has.
      answer({ path: '/nothing/here', status: 404, body: '{"code":"not_found"}' }),
    ]),
  ).toEqual([]);
});

it('names the operation of an undocumented status', () => {
  expect(contract.check(answer({ status: 429, body: '{"code":"rate_limited"}' }))).toEqual([
    'POST /invoice/donation/{id}/create answered 429, which it does not document (documented: 200, 400)',
  ]);
});

it('catches an undocumented content type', () => {
  const [problem] = contract.check(answer({ method: 'GET', path: '/revenue/export/abc', body: '"csv"' }));
  expect(problem).toMatch(/^GET \/revenue\/export\/\{token\} answered 200 as application\/json, which it does not/);
});

it('catches a body that breaks its schema, with the operation and the field', () => {
  const [problem] = contract.check(answer({ body: JSON.stringify({ paymentId: 'one', status: 'lost' }) }));
  expect(problem).toMatch(/^POST \/invoice\/donation\/\{id\}\/create answered 200 application\/json that breaks/);
  expect(problem).toContain('/paymentId must be integer');
  expect(contract.check(answer({ body: '{"paymentId":1}' }))[0]).toContain("must have required property 'status'");
  expect(contract.check(answer({ method: 'GET', path: '/invoice/donation/3', body: '{"name":3}' }))).toHaveLength(1);
});

it('prefers a static segment over a parameter, as the router does', () => {
  // /invoice/donation/7/create is not /invoice/{kind}/{id}: a Load body there breaks the Payment schema.
  expect(contract.check(answer({ body: '{"name":"x"}' }))).toHaveLength(1);
});

it('catches a body where none is documented, and an answer of an undocumented operation', () => {
  expect(contract.check(answer({ path: '/channel/3/delete', status: 204, body: '{}' }))[0]).toMatch(
    /answered 204 as application\/json, which it does not document \(documented: no body\)/,
  );
  expect(contract.check(answer({ path: '/hidden', status: 200 }))).toEqual([
    'POST /hidden answered 200, and no operation documents it',
  ]);
  expect(contract.check(answer({ body: '' }))[0]).toMatch(
    /answered 200 without a body, but documents application\/json/,
  );
});
