/* global performance, URL, Buffer, process */
/**
 * The load generator of scripts/bench-api.ts, in its own thread (or process) so that the server's event loop is not
 * shared with its clients (as with wrk or any real client). Receives { origin, path, init, authorizations,
 * concurrency, requests, ms } (client i signs in with authorizations[i % length]) and answers { latencies, errors,
 * elapsed }.
 *
 * Plain node:http on keep-alive sockets (one per client) rather than fetch: undici's fetch spends about three times
 * the CPU per request, and on a 2-core machine the generator's CPU is taken from the server it measures.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// In a worker thread, or in a child process (inChildProcess) that takes its data as its first message: bench:scale
// keeps the generator out of the server's process, whose memory it measures.
const data = parentPort ? workerData : await new Promise((resolve) => process.once('message', resolve));
const { origin, path, init, authorizations, concurrency, requests, ms } = data;
const target = new URL(path, origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const body = init.body === undefined ? undefined : Buffer.from(init.body);
const baseHeaders = { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
const latencies = [];
let errors = 0;
let bytes = 0;
let issued = 0;
const started = performance.now();
const deadline = started + ms;

function once(headers) {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method,
        headers,
      },
      (response) => {
        if (response.statusCode !== 200) errors += 1;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', resolve);
        response.on('error', () => {
          errors += 1;
          resolve();
        });
      },
    );
    request.on('error', () => {
      errors += 1;
      resolve();
    });
    request.end(body);
  });
}

async function client(index) {
  const headers = { ...baseHeaders, authorization: authorizations[index % authorizations.length] };
  while (issued < requests && performance.now() < deadline) {
    issued += 1;
    const t0 = performance.now();
    await once(headers);
    latencies.push(performance.now() - t0);
  }
}

await Promise.all(Array.from({ length: concurrency }, (_, index) => client(index)));
agent.destroy();
const result = { latencies, errors, bytes, elapsed: performance.now() - started };
if (parentPort) parentPort.postMessage(result);
else process.send(result, () => process.disconnect());
