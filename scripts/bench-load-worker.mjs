/* global fetch, performance */
/**
 * The load generator of scripts/bench-api.ts, in its own thread so that the server's event loop is not shared with
 * its clients (as with wrk or any real client). Receives { origin, path, init, concurrency, requests, ms } and
 * answers { latencies, errors, elapsed }.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { origin, path, init, concurrency, requests, ms } = workerData;
const latencies = [];
let errors = 0;
let issued = 0;
const started = performance.now();
const deadline = started + ms;

async function client() {
  while (issued < requests && performance.now() < deadline) {
    issued += 1;
    const t0 = performance.now();
    try {
      const response = await fetch(`${origin}${path}`, init);
      await response.arrayBuffer();
      if (response.status !== 200) errors += 1;
    } catch {
      errors += 1;
    }
    latencies.push(performance.now() - t0);
  }
}

await Promise.all(Array.from({ length: concurrency }, client));
parentPort.postMessage({ latencies, errors, elapsed: performance.now() - started });
