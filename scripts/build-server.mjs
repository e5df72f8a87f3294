/* global console, process */
/**
 * `npm run build:server`: the server compiled to JavaScript ahead of time, so production starts it with plain `node`
 * (`npm run start:prod`) instead of compiling TypeScript with tsx at every start. One ESM bundle of server/main.ts
 * and everything it imports from this repository (server/ and the shared src/domain, src/contract), with the npm
 * packages left as `require`s (node_modules must be installed next to it), written to dist-server/main.cjs with a
 * source map. CommonJS rather than ESM: some packages are imported by extensionless deep paths that only CommonJS
 * resolution accepts. The process reads its migrations (and, in the sandbox, the emulator's sources) from the working directory, so
 * start it from the repository root.
 */
import { build } from 'esbuild';

// `--outfile <path>` (tests build their own copy); it must stay inside the repository so node_modules resolves.
const at = process.argv.indexOf('--outfile');
const outfile = at === -1 ? 'dist-server/main.cjs' : process.argv[at + 1];
const started = Date.now();
const result = await build({
  entryPoints: ['server/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.node.json',
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.info(
  `build:server: ${outfile} (${Math.round(bytes / 1024)} kB with its source map) in ${Date.now() - started} ms`,
);
process.exit(0);
