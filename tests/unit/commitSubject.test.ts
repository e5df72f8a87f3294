/**
 * The commit-msg hook (.githooks/commit-msg → scripts/commit-subject.mjs) and npm test's check of the commits since
 * the adoption commit, run as git runs them, in throwaway repositories.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/commit-subject.mjs');
const HOOK = path.join(ROOT, '.githooks/commit-msg');
const LONG = `Make the subject of this commit far longer than anybody can read in one line of git log`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'commit-subject-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const git = (...args: string[]) =>
  execFileSync(
    'git',
    ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'core.hooksPath=/dev/null', ...args],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  ).trim();

function hook(message: string) {
  const file = path.join(dir, 'COMMIT_EDITMSG');
  writeFileSync(file, message);
  return spawnSync('sh', [HOOK, file], { cwd: ROOT, encoding: 'utf8' });
}

it('the hook takes a subject of 72 characters and refuses 73', () => {
  expect(hook(`${'a'.repeat(72)}\n\nWhy.\n`).status).toBe(0);
  const refused = hook(`${'a'.repeat(73)}\n\nWhy.\n`);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('73 characters, over 72');
});

it('the hook counts characters, skips comment lines and leaves git’s merge subjects alone', () => {
  expect(hook(`# Please enter the commit message\n${'→'.repeat(72)}\n`).status).toBe(0);
  expect(hook(`Merge branch '${'x'.repeat(80)}'\n`).status).toBe(0);
  expect(hook('# only a comment\n').status).toBe(1);
});

it('npm test checks only the commits after the adoption commit', () => {
  git('init', '-q');
  git('commit', '-q', '--allow-empty', '-m', `${LONG} (before adoption)`);
  const base = git('rev-parse', 'HEAD');
  git('commit', '-q', '--allow-empty', '-m', 'Keep card form within the screen');
  const ok = spawnSync('node', [SCRIPT, '--since', base], { cwd: dir, encoding: 'utf8' });
  expect(ok.status).toBe(0);
  git('commit', '-q', '--allow-empty', '-m', LONG);
  const refused = spawnSync('node', [SCRIPT, '--since', base], { cwd: dir, encoding: 'utf8' });
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain(`"${LONG}"`);
  expect(refused.stderr).not.toContain('before adoption');
});

it('the prepare script installs the hooks in a checkout and does nothing without git', () => {
  const prepare = path.join(ROOT, 'scripts/install-git-hooks.mjs');
  expect(
    spawnSync('node', [prepare], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(dir) },
    }).status,
  ).toBe(0);
  git('init', '-q');
  execFileSync('mkdir', ['-p', path.join(dir, '.githooks')]);
  writeFileSync(path.join(dir, '.githooks/commit-msg'), '#!/bin/sh\n');
  expect(spawnSync('node', [prepare], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
  expect(execFileSync('git', ['config', 'core.hooksPath'], { cwd: dir, encoding: 'utf8' }).trim()).toBe('.githooks');
});
