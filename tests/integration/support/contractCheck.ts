/**
 * The integration suite checks itself against the API document: testServer.ts's request() (and api(), which uses it)
 * records every /api/v2 answer, and after each test file (an afterAll from jest.config.cjs's setupFilesAfterEnv) every
 * answer is checked against the document that same server serves at /api/v2/openapi.json (fetched once per server,
 * on its first recorded answer, while it still listens). An answer whose status or content type its operation does not
 * document, or whose body breaks the documented schema, fails the test file with the operation named.
 */
import { type OpenApiDocument, OpenApiContract, type SeenAnswer } from '../../support/openApiContract';

export const API_PREFIX = '/api/v2';
const DOCUMENT_PATH = `${API_PREFIX}/openapi.json`;

interface ServerRecord {
  readonly document: Promise<OpenApiDocument | Error>;
  readonly answers: SeenAnswer[];
}

const servers = new Map<string, ServerRecord>();
let checked = 0;

async function fetchDocument(baseUrl: string): Promise<OpenApiDocument | Error> {
  try {
    const response = await fetch(`${baseUrl}${DOCUMENT_PATH}`);
    if (!response.ok) return new Error(`${DOCUMENT_PATH} answered ${response.status}`);
    return (await response.json()) as OpenApiDocument;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Records an answer of the server at `baseUrl` to `urlPath` (any path; only /api/v2 ones are kept). Resolves once the
 * server's document is in hand, so the caller may close the server right after.
 */
export async function recordAnswer(
  baseUrl: string,
  method: string,
  urlPath: string,
  response: { readonly status: number; readonly headers: Headers },
  body: string,
): Promise<void> {
  const path = urlPath.split('?')[0]!;
  if (!path.startsWith(`${API_PREFIX}/`) || path === DOCUMENT_PATH) return;
  let record = servers.get(baseUrl);
  if (record === undefined) {
    record = { document: fetchDocument(baseUrl), answers: [] };
    servers.set(baseUrl, record);
  }
  record.answers.push({
    method: method.toUpperCase(),
    path: path.slice(API_PREFIX.length),
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
    seenIn: expect.getState().currentTestName ?? 'a hook',
  });
  await record.document;
}

/** Checks and forgets every recorded answer; throws one error listing every problem. */
export async function checkRecordedAnswers(): Promise<void> {
  const problems: string[] = [];
  for (const [baseUrl, record] of servers) {
    const document = await record.document;
    if (document instanceof Error) {
      problems.push(`could not read the API document of ${baseUrl}: ${document.message}`);
      continue;
    }
    problems.push(...new OpenApiContract(document).checkAll(record.answers));
    checked += record.answers.length;
  }
  servers.clear();
  if (problems.length > 0)
    throw new Error(
      `Answers that /api/v2/openapi.json does not document (fix the route's schema or the answer):\n- ${problems.join('\n- ')}`,
    );
}

/** How many answers this test file has had checked so far (the suite's own test that the check is not vacuous). */
export function checkedAnswers(): number {
  return checked;
}
