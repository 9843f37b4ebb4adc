/**
 * `npm run build` (`npm ci` runs it too): the compiled build that bin/evals.js and the image run.
 * tsc type-checks src/, activities/ and workflows/ and emits them into dist/; the migrations go beside
 * their compiled reader; the workflow code is bundled into dist/workflow-bundle.js. The build stamp,
 * written last, carries the time the build started: a source saved during the build makes it stale.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';
import { writeBuiltWorkflowBundle } from '../src/workflow-bundle';

const { BUILD_STAMP, COMPILE_CACHE } = require('../bin/evals.js') as { BUILD_STAMP: string; COMPILE_CACHE: string };
const MIGRATIONS = path.join('src', 'db', 'migrations');

/** The folders tsc compiles (tsconfig.build.json's include). */
const COMPILED_FOLDERS = ['src', 'activities', 'workflows'];

/**
 * Removes compiled files whose source is gone: tsc leaves them, and a stale
 * dist/src/x.js would shadow a source moved to src/x/index.ts.
 */
function removeOrphans(folder: string): void {
  if (!fs.existsSync(folder)) return;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !file.endsWith('.js')) continue;
    const source = path.join(PROJECT_ROOT, path.relative(path.join(PROJECT_ROOT, 'dist'), file)).replace(/\.js$/, '.ts');
    if (!fs.existsSync(source)) fs.rmSync(file);
  }
}

async function build(): Promise<void> {
  const started = new Date();
  // Its entries are keyed by source, so stale ones are only dead weight; the next command writes it again.
  fs.rmSync(path.join(PROJECT_ROOT, COMPILE_CACHE), { force: true });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  for (const folder of COMPILED_FOLDERS) removeOrphans(path.join(PROJECT_ROOT, 'dist', folder));
  const migrations = path.join(PROJECT_ROOT, 'dist', MIGRATIONS);
  fs.rmSync(migrations, { recursive: true, force: true });
  fs.cpSync(path.join(PROJECT_ROOT, MIGRATIONS), migrations, { recursive: true });
  await writeBuiltWorkflowBundle();
  const stamp = path.join(PROJECT_ROOT, BUILD_STAMP);
  fs.writeFileSync(stamp, `${started.toISOString()}\n`);
  fs.utimesSync(stamp, started, started);
}

// Imports the service's sources only (no testkit): the image's build stage has nothing else.
build().catch((err: unknown) => {
  process.stderr.write(`build: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
