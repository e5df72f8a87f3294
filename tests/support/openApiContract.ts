/**
 * Checks HTTP answers against an OpenAPI 3.0 document: each answer's status must be one its operation documents, its
 * content type one that status documents, and its body must fit that content's schema. The integration suite records
 * every /api/v2 answer its test servers give (tests/integration/support/testServer.ts) and checks them against the
 * document each server serves (tests/integration/support/contractCheck.ts), so the document cannot drift from the code.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One answer as a client saw it. */
export interface SeenAnswer {
  readonly method: string;
  /** The path below the document's server URL (e.g. /invoice/donation/7/create), without the query string. */
  readonly path: string;
  readonly status: number;
  /** The Content-Type header as sent (parameters included), or null. */
  readonly contentType: string | null;
  /** The raw body text. */
  readonly body: string;
  /** What the test file was doing (its name), for the failure message. */
  readonly seenIn?: string;
}

interface MediaType {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const DOCUMENT_ID = 'served-openapi.json';

interface Route {
  readonly pattern: string;
  readonly method: string;
  readonly operation: Operation;
  readonly regex: RegExp;
  readonly parameters: number;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [pattern, item] of Object.entries(document.paths ?? {})) {
    const parts = pattern.split(/(\{[^}]+\})/);
    const regex = new RegExp(
      `^${parts.map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/]+)' : escapeRegex(part))).join('')}$`,
    );
    const parameters = parts.filter((part) => /^\{[^}]+\}$/.test(part)).length;
    for (const [method, operation] of Object.entries(item))
      if (METHODS.has(method)) routes.push({ pattern, method, operation, regex, parameters });
  }
  return routes;
}

const isJson = (mediaType: string): boolean => mediaType === 'application/json' || mediaType.endsWith('+json');

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 3)
    .map(
      (error) => `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    )
    .join('; ');
}

export class OpenApiContract {
  private readonly routes: Route[];
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.routes = routesOf(document);
    // OpenAPI 3.0 schemas: `nullable` is Ajv's own keyword; `example`, `xml` and the like are only ignored (strict off).
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOCUMENT_ID, ...(document as object) });
  }

  /** The operation the router would pick: a static segment wins over a parameter, as in Fastify's router. */
  private route(method: string, path: string): Route | undefined {
    const matches = this.routes.filter((route) => route.method === method.toLowerCase() && route.regex.test(path));
    return matches.sort((a, b) => a.parameters - b.parameters)[0];
  }

  private validator(route: Route, status: string, mediaType: string): ValidateFunction {
    const key = `${route.method} ${route.pattern} ${status} ${mediaType}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      const ref = `${DOCUMENT_ID}#/paths/${pointer(route.pattern)}/${route.method}/responses/${status}/content/${pointer(mediaType)}/schema`;
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** The problems of one answer (empty when it is as documented), each naming the operation. */
  check(answer: SeenAnswer): string[] {
    const route = this.route(answer.method, answer.path);
    const where = answer.seenIn ? ` (in ${answer.seenIn})` : '';
    if (route === undefined) {
      // The router's own 404 for a path or method no route has: nothing to document.
      if (answer.status === 404) return [];
      return [`${answer.method} ${answer.path} answered ${answer.status}, and no operation documents it${where}`];
    }
    const operation = `${route.method.toUpperCase()} ${route.pattern}`;
    const responses = route.operation.responses ?? {};
    const status =
      [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((key) => key in responses) ?? null;
    if (status === null)
      return [
        `${operation} answered ${answer.status}, which it does not document (documented: ${Object.keys(responses).join(', ')})${where}`,
      ];
    const content = responses[status]!.content ?? {};
    const mediaType = answer.contentType?.split(';')[0]!.trim().toLowerCase() ?? null;
    if (answer.body === '' || mediaType === null) {
      if (answer.body === '' && Object.keys(content).length === 0) return [];
      if (answer.body === '')
        return [
          `${operation} answered ${answer.status} without a body, but documents ${Object.keys(content).join(', ')}${where}`,
        ];
      return [`${operation} answered ${answer.status} with a body and no Content-Type${where}`];
    }
    if (!(mediaType in content))
      return [
        `${operation} answered ${answer.status} as ${mediaType}, which it does not document (documented: ${Object.keys(content).join(', ') || 'no body'})${where}`,
      ];
    if (content[mediaType]!.schema === undefined) return [];
    let body: unknown = answer.body;
    if (isJson(mediaType)) {
      try {
        body = JSON.parse(answer.body);
      } catch {
        return [`${operation} answered ${answer.status} as ${mediaType}, but the body is not JSON${where}`];
      }
    }
    const validate = this.validator(route, status, mediaType);
    if (validate(body)) return [];
    return [
      `${operation} answered ${answer.status} ${mediaType} that breaks its schema: ${describeErrors(validate.errors)}${where}`,
    ];
  }

  /** The problems of many answers, each problem once. */
  checkAll(answers: readonly SeenAnswer[]): string[] {
    return [...new Set(answers.flatMap((answer) => this.check(answer)))];
  }
}
