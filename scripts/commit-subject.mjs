#!/usr/bin/env node
/* global process, console */
/**
 * Commit subjects of at most 72 characters, so `git log --oneline` stays readable.
 *   node scripts/commit-subject.mjs --file <message file>   the commit-msg hook (.githooks/commit-msg)
 *   node scripts/commit-subject.mjs --since <commit>        npm test: every commit after <commit> up to HEAD
 * Exit 1 with the offending subjects named; `Merge …`, `fixup! …` and `squash! …` subjects are git's own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const MAX_SUBJECT = 72;

/** The subject of a commit message: its first line that is not a comment or blank. */
export function subjectOf(message) {
  return message.split('\n').find((line) => !line.startsWith('#') && line.trim() !== '') ?? '';
}

/** Why the subject is refused, or null. Characters, not bytes: "→" is one. */
export function subjectProblem(subject) {
  if (/^(Merge |fixup! |squash! |amend! )/.test(subject)) return null;
  const length = [...subject].length;
  if (length === 0) return 'the subject is empty';
  if (length > MAX_SUBJECT)
    return `the subject is ${length} characters, over ${MAX_SUBJECT}: say what the commit does in a short imperative line, then a blank line and the why`;
  return null;
}

function subjectsSince(base) {
  const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    git('cat-file', '-e', `${base}^{commit}`);
  } catch {
    // A shallow clone without the base: check what there is of this change, HEAD.
    return git('log', '-1', '--format=%H %s', 'HEAD').split('\n').filter(Boolean);
  }
  return git('log', '--no-merges', '--format=%H %s', `${base}..HEAD`).split('\n').filter(Boolean);
}

function main(args) {
  const [option, value] = args;
  if (option === '--file' && value) {
    const problem = subjectProblem(subjectOf(readFileSync(value, 'utf8')));
    if (problem === null) return 0;
    console.error(`commit-msg: ${problem}`);
    return 1;
  }
  if (option === '--since' && value) {
    const refused = subjectsSince(value)
      .map((line) => ({ hash: line.slice(0, 10), subject: line.slice(41) }))
      .map((commit) => ({ ...commit, problem: subjectProblem(commit.subject) }))
      .filter((commit) => commit.problem !== null);
    for (const commit of refused) console.error(`${commit.hash} "${commit.subject}": ${commit.problem}`);
    return refused.length === 0 ? 0 : 1;
  }
  console.error('usage: commit-subject.mjs --file <message file> | --since <commit>');
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));
