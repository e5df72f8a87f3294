/**
 * What jsdom lacks and react-router needs. Import this first in every jsdom test of presentation (module
 * imports run in order, so it lands before react-router-dom loads).
 */
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
