import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { decodeBody, httpRequest } from '../../../../server/platform/http/httpClient';

const ANSWER = JSON.stringify({ status: 'ok', session: { id: 'ps_1', amount: 12_345 } });

/** A server that compresses whatever it is asked for in `?coding=`, whether or not the request accepts it (RFC 9110 allows that). */
let server: http.Server;
let origin: string;
const asked: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.push(request.headers['accept-encoding']);
    const coding = new URL(request.url ?? '/', 'http://x').searchParams.get('coding') ?? 'identity';
    const body = Buffer.from(ANSWER);
    const encoded: Record<string, () => Buffer> = {
      identity: () => body,
      gzip: () => gzipSync(body),
      'x-gzip': () => gzipSync(body),
      deflate: () => deflateSync(body),
      'raw-deflate': () => deflateRawSync(body),
      br: () => brotliCompressSync(body),
      'gzip, br': () => brotliCompressSync(gzipSync(body)),
      zstd: () => body,
    };
    response.setHeader('content-type', 'application/json');
    if (coding !== 'identity') response.setHeader('content-encoding', coding === 'raw-deflate' ? 'deflate' : coding);
    response.end(encoded[coding]!());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('httpRequest reads compressed answers (a vendor or its proxy may compress unasked)', () => {
  it.each(['identity', 'gzip', 'x-gzip', 'deflate', 'raw-deflate', 'br', 'gzip, br'])(
    'decodes an answer in %s',
    async (coding) => {
      const response = await httpRequest(`${origin}/?coding=${encodeURIComponent(coding)}`);
      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual(JSON.parse(ANSWER));
    },
  );

  it('asks for no coding itself', async () => {
    asked.length = 0;
    await httpRequest(`${origin}/?coding=gzip`);
    expect(asked).toEqual([undefined]);
  });

  it('rejects a coding it cannot read instead of handing over garbled bytes', async () => {
    await expect(httpRequest(`${origin}/?coding=zstd`)).rejects.toThrow('content coding this client cannot read: zstd');
  });
});

describe('decodeBody', () => {
  it('refuses an answer that unpacks past 16 MB', () => {
    const bomb = gzipSync(Buffer.alloc(17 * 1024 * 1024));
    expect(() => decodeBody(bomb, 'gzip')).toThrow();
  });

  it('treats a missing or identity coding as the bytes themselves', () => {
    const bytes = Buffer.from(ANSWER);
    expect(decodeBody(bytes, undefined)).toBe(bytes);
    expect(decodeBody(bytes, 'identity')).toBe(bytes);
  });
});
