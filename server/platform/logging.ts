/**
 * The request log's format: readable lines (pino-pretty) when stdout is a terminal, one JSON line per entry otherwise
 * (files, pipes, log collectors). Without pino-pretty installed the server still starts and logs JSON.
 */
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
