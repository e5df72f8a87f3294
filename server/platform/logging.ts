/**
 * The request log's format: readable lines (pino-pretty) when stdout is a terminal, one JSON line per entry otherwise
 * (files, pipes, log collectors). Without pino-pretty installed the server still starts and logs JSON.
 */
import type { FastifyRequest } from 'fastify';

export type LogFormat = 'pretty' | 'json';

export interface LoggerOptions {
  readonly level: string;
  readonly stream?: NodeJS.WritableStream;
}

/** Pretty only for a person at a terminal, and only when the formatter could be loaded. */
export function chooseLogFormat(output: { readonly isTTY?: boolean }, prettyAvailable: boolean): LogFormat {
  return output.isTTY === true && prettyAvailable ? 'pretty' : 'json';
}

type PrettyFactory = (options: Record<string, unknown>) => NodeJS.WritableStream;

async function loadPinoPretty(): Promise<PrettyFactory | null> {
  try {
    // A specifier in a variable: the type checker and the bundler leave an optional package alone.
    const specifier = 'pino-pretty';
    const loaded = (await import(specifier)) as unknown as { default?: PrettyFactory } & PrettyFactory;
    return typeof loaded.default === 'function' ? loaded.default : loaded;
  } catch {
    return null;
  }
}

const REDACTED = '[redacted]';

/**
 * A URL as it may be logged: the Bot API's token path segment (`/bot<token>/getMe`, as the sandbox's Bot API double
 * is called), a revenue export's signed link, and secret query values (an operator's one-time sign-in `token`, and
 * the like) are replaced.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/\/bot\d+(?::|%3A)[A-Za-z0-9_-]+/gi, `/bot${REDACTED}`)
    .replace(/(\/revenue\/export\/)[^/?#\s"]+/g, `$1${REDACTED}`)
    .replace(/([?&](?:token|access_token|secret|key|signature|sig)=)[^&#\s"]*/gi, `$1${REDACTED}`);
}

/** Anything left in a log line that looks like a Bot API token, wherever it came from (an error's text, say). */
export function redactSecrets(text: string): string {
  return redactUrl(text).replace(/\b\d{5,}(?::|%3A)[A-Za-z0-9_-]{30,}/gi, REDACTED);
}

/** Headers that carry credentials: never logged, whoever logs a request or response. */
const SECRET_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'request.headers.authorization',
  'request.headers.cookie',
];

/** A stream that writes each line with secrets scrubbed (the last line of defence behind the serializers). */
function scrubbing(destination: NodeJS.WritableStream): { write(line: string): boolean } {
  return { write: (line: string) => destination.write(redactSecrets(line)) };
}

/**
 * Pino's options as the server passes them to Fastify: the level, the request serializer with its URL redacted,
 * credentials' headers redacted, and every line scrubbed of Bot API tokens and secret query values.
 */
export function pinoOptions(options: LoggerOptions): Record<string, unknown> {
  return {
    level: options.level,
    stream: scrubbing(options.stream ?? process.stdout),
    redact: { paths: SECRET_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** Fastify's `logger` option for this level and output; `load` is replaceable so the fallback can be tested. */
export async function loggerOptions(
  level: string,
  output: { readonly isTTY?: boolean } = process.stdout,
  load: () => Promise<PrettyFactory | null> = loadPinoPretty,
): Promise<LoggerOptions> {
  const pretty = output.isTTY === true ? await load() : null;
  if (pretty === null || chooseLogFormat(output, true) === 'json') return { level };
  // Synchronous, in this thread: no transport worker to resolve (the compiled server keeps packages as requires).
  return {
    level,
    stream: pretty({
      colorize: true,
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      destination: output,
    }),
  };
}
