/* global performance, URL, Buffer */
/**
 * The load generator of scripts/bench-load.ts, in its own thread (as bench-load-worker.mjs for bench-api.ts): each
 * client is one user on its own keep-alive socket who, until the deadline, makes reads and every `paymentEvery`-th
 * call a payment (a new Idempotency-Key each). Receives { origin, clients: [{ authorization, reads: [{ method, path,
 * body? }], payment: { path, body } | null }], paymentEvery, ms } and answers { reads, payments } with the latencies of
 * the answered calls and the failures of each kind (non-2xx status or no answer) with a sample of what failed, and
 * cpuMs: this thread's own CPU time (null where /proc/thread-self is missing).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { origin, clients, paymentEvery, ms } = workerData;
const base = new URL(origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });
const results = { reads: { latencies: [], errors: 0 }, payments: { latencies: [], errors: 0, paid: 0 }, samples: [] };
const deadline = performance.now() + ms;

/** This thread's CPU time in ms (Linux: /proc/thread-self/stat, utime + stime in hundredths of a second), else null. */
function threadCpuMs() {
  try {
    const text = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
const cpuAtStart = threadCpuMs();

function once(method, path, headers, body) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => resolve({ status: 0, text: error.message }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, text: error.message }));
    request.end(payload);
  });
}

async function client(spec, index) {
  const headers = { authorization: spec.authorization };
  // Clients start at different points of the cycle, so payments are spread over time.
  for (let call = index; performance.now() < deadline; call += 1) {
    const paying = spec.payment !== null && call % paymentEvery === 0;
    const read = spec.reads[call % spec.reads.length];
    const t0 = performance.now();
    const answer = paying
      ? await once('POST', spec.payment.path, { ...headers, 'idempotency-key': randomUUID() }, spec.payment.body)
      : await once(read.method, read.path, headers, read.body);
    const took = performance.now() - t0;
    const bucket = paying ? results.payments : results.reads;
    if (answer.status >= 200 && answer.status < 300) {
      bucket.latencies.push(took);
      if (paying && answer.text.includes('"status":"paid"')) results.payments.paid += 1;
    } else {
      bucket.errors += 1;
      if (results.samples.length < 5)
        results.samples.push(`${paying ? 'payment' : read.path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  }
}

await Promise.all(clients.map((spec, index) => client(spec, index)));
agent.destroy();
// The load generator runs in the server's process: its own CPU time, so the server's can be told apart.
const cpuAtEnd = threadCpuMs();
results.cpuMs = cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart;
parentPort.postMessage(results);
