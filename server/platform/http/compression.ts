/**
 * Compressed answers for clients that accept them (@fastify/compress): brotli or gzip for bodies of 1 kB and more.
 * The dashboard's JSON is about 11 kB and shrinks about fourfold; on a phone's connection that is time the first
 * screen no longer waits for. Each answer is compressed at brotli quality 2: on a 23 kB page of 21 memberships about
 * 50 µs for 1.5 kB, where quality 4 took 90 µs for 3 % fewer bytes, and compression was an eighth of a page's CPU; a
 * body kept and sent many times (CompressibleBody) is compressed once, at quality 4. The built assets are compressed once at build time and served as they are
 * (@fastify/static's preCompressed, which this plugin leaves alone: they already carry a Content-Encoding).
 */
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes compression saves less than its own framing and CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Up to this many bytes an answer is compressed in one synchronous call (brotli: a fraction of a millisecond for a
 * 14 kB page); above it, through the plugin's stream pipeline, whose machinery cost about 2 ms of CPU per answer here.
 * The plugin's default on a 2-core host is 8 kB, which sends the members and dashboard pages down the stream path.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 2 };
const KEPT_BROTLI_PARAMS = { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_QUALITY]: 4 };
const GZIP_OPTIONS = { level: 6 };

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: BROTLI_PARAMS },
    zlibOptions: GZIP_OPTIONS,
  });
}

/** The codings this server answers with, the preferred first. */
export type ContentCoding = 'br' | 'gzip';
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The coding to answer with for a request's Accept-Encoding (RFC 9110 §12.5.3: q=0 refuses a coding, `*` stands for
 * any other), brotli before gzip; null for the body as it is.
 */
export function acceptedCoding(
  acceptEncoding: string | string[] | undefined,
  noCompression = false,
): ContentCoding | null {
  if (noCompression || acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const item of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [name = '', ...parameters] = item.trim().toLowerCase().split(';');
    const q = parameters
      .map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    if (name !== '') weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string): number =>
    weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return CODINGS.find((coding) => weight(coding) > 0) ?? null;
}

/**
 * An answer body kept with its compressed forms, each made once on first use: a cached answer sent many times (the
 * dashboards) is compressed once per version instead of once per request (brotli on an 11 kB dashboard costs more
 * than the rest of a cached request). A body asked for only now and then (`sentOften` false: a follower's dashboard)
 * is compressed at the plugin's quality, which costs less CPU for a few per cent more bytes.
 */
export class CompressibleBody {
  private readonly coded = new Map<ContentCoding, Buffer>();

  constructor(
    readonly plain: Buffer,
    private readonly sentOften = true,
  ) {}

  in(coding: ContentCoding): Buffer {
    let body = this.coded.get(coding);
    if (body === undefined) {
      body =
        coding === 'br'
          ? brotliCompressSync(this.plain, { params: this.sentOften ? KEPT_BROTLI_PARAMS : BROTLI_PARAMS })
          : gzipSync(this.plain, GZIP_OPTIONS);
      this.coded.set(coding, body);
    }
    return body;
  }
}

/** Sends a CompressibleBody in the coding the request accepts (as the plugin would, without compressing it again). */
export function sendCompressible(request: FastifyRequest, reply: FastifyReply, body: CompressibleBody): FastifyReply {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
  const coding =
    body.plain.length >= COMPRESSION_THRESHOLD_BYTES
      ? acceptedCoding(request.headers['accept-encoding'], request.headers['x-no-compression'] !== undefined)
      : null;
  return coding === null ? reply.send(body.plain) : reply.header('content-encoding', coding).send(body.in(coding));
}
