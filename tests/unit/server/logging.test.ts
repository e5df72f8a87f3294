import { PassThrough } from 'node:stream';
import { chooseLogFormat, loggerOptions } from '../../../server/platform/logging';

describe('request log format', () => {
  it('is readable only at a terminal with the formatter available', () => {
    expect(chooseLogFormat({ isTTY: true }, true)).toBe('pretty');
    expect(chooseLogFormat({ isTTY: false }, true)).toBe('json');
    expect(chooseLogFormat({}, true)).toBe('json');
    expect(chooseLogFormat({ isTTY: true }, false)).toBe('json');
  });

  it('gives Fastify a pretty stream at a terminal', async () => {
    const stream = new PassThrough();
    const seen: Record<string, unknown>[] = [];
    const options = await loggerOptions('debug', { isTTY: true }, async () => (opts) => {
      seen.push(opts);
      return stream;
    });
    expect(options).toEqual({ level: 'debug', stream });
    expect(seen[0]).toMatchObject({ colorize: true, sync: true });
  });

  it('logs JSON (no stream) when the output is a pipe or a file, without loading the formatter', async () => {
    let loaded = false;
    const options = await loggerOptions('info', { isTTY: false }, async () => {
      loaded = true;
      return () => new PassThrough();
    });
    expect(options).toEqual({ level: 'info' });
    expect(loaded).toBe(false);
  });

  it('falls back to JSON at a terminal when pino-pretty is not installed', async () => {
    expect(await loggerOptions('info', { isTTY: true }, async () => null)).toEqual({ level: 'info' });
  });
});
