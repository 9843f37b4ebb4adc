/**
 * Every benchmark, one after the other (`npm run bench`); each prints its own
 * figures. Run one alone with `npm run bench:<frames|local|docs|scene|fixes|judge|load|read-api|report|cli>`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = ['frames', 'local', 'docs', 'scene', 'fixes', 'judge-cost', 'load', 'read-api', 'report', 'cli-batch'];
const only = process.argv.slice(2);
let failed = 0;
for (const name of only.length ? only : BENCHES) {
  process.stdout.write(`\n=== bench: ${name} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, `${name}.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
