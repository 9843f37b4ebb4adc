/**
 * `npm run check:commits`: every commit subject since the rule was adopted is at most 72 characters, so that
 * `git log --oneline` stays readable (CONTRIBUTING.md, "Habits"). The detail goes in the body. Commits before the
 * rule are left as they are; history is not rewritten. Exit status 1 names every subject over the limit.
 */
import { spawnSync } from 'node:child_process';

/** When the rule was adopted (the last long subject on main was committed before this moment). */
const SINCE = '2026-11-29T04:06:00Z';
const MAX_SUBJECT = 72;

const log = spawnSync('git', ['log', `--since=${SINCE}`, '--format=%h%x09%s'], { encoding: 'utf8' });
if (log.status !== 0) {
  console.error(`check:commits: git log failed: ${log.stderr.trim() || log.error?.message}`);
  process.exit(1);
}
const commits = log.stdout.split('\n').filter(Boolean);
const long = commits.filter((line) => line.slice(line.indexOf('\t') + 1).length > MAX_SUBJECT);
for (const line of long)
  console.error(`${line.split('\t')[0]}: subject of ${line.length - line.indexOf('\t') - 1} characters (at most ${MAX_SUBJECT})`);
console.log(`check:commits: ${commits.length} commits since ${SINCE}, ${long.length} with a subject over ${MAX_SUBJECT} characters`);
process.exitCode = long.length ? 1 : 0;
