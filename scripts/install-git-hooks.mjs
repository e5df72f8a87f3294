/**
 * npm's `prepare` (run by `npm install` and `npm ci`): points git at .githooks (the commit-msg subject check).
 * Never fails the install: outside a git checkout (a tarball, a Docker build without .git) or without git it does
 * nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

try {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  if (existsSync(`${root}/.githooks/commit-msg`))
    execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { cwd: root, stdio: 'ignore' });
} catch {
  // Not a git checkout, or no git: nothing to install.
}
