/**
 * Compressed answers for clients that accept them (@fastify/compress): brotli or gzip for bodies of 1 kB and more.
 * The dashboard's JSON is about 11 kB and shrinks about fourfold; on a phone's connection that is time the first
 * screen no longer waits for. Brotli at quality 4 costs a fraction of a millisecond on such a body (quality 11 would
 * cost more than it saves); the built assets are compressed once at build time and served as they are
 * (@fastify/static's preCompressed, which this plugin leaves alone: they already carry a Content-Encoding).
 */
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes compression saves less than its own framing and CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
