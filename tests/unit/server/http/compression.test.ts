/** Which coding an answer goes in, and compressed bodies made once (server/platform/http/compression.ts). */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressibleBody, acceptedCoding } from '../../../../server/platform/http/compression';

describe('acceptedCoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'br'], // both accepted: this server prefers brotli
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
  ])('%j → %s', (header, coding) => {
    expect(acceptedCoding(header)).toBe(coding);
  });

  it('answers as it is without the header, or when the client asks for no compression', () => {
    expect(acceptedCoding(undefined)).toBeNull();
    expect(acceptedCoding('br', true)).toBeNull();
  });
});

describe('CompressibleBody', () => {
  const plain = Buffer.from(
    JSON.stringify({ items: Array.from({ length: 50 }, (_, id) => ({ id, title: `Channel ${id}`, amount: '15.00' })) }),
  );

  it('compresses each coding once and answers the same bytes after', () => {
    const body = new CompressibleBody(plain);
    const brotli = body.in('br');
    expect(body.in('br')).toBe(brotli);
    expect(brotliDecompressSync(brotli).equals(plain)).toBe(true);
    const gzip = body.in('gzip');
    expect(body.in('gzip')).toBe(gzip);
    expect(gunzipSync(gzip).equals(plain)).toBe(true);
    expect(brotli.length).toBeLessThan(plain.length / 3);
  });
});
