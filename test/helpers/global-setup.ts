import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig, PROJECT_ROOT } from '../../src/config';
import { freePort, startDevServer } from '../../src/infra/temporal';
import { ensureManim } from '../../src/infra/manim';
import { startEmbedded } from '../../src/infra/postgres';
import { workflowBundle } from '../../src/workflow-bundle';
import { ensureTimeSkippingServer } from '../../testkit/time-skipping-server';
import { SEARCH_ATTRIBUTE_NAMES } from '../../workflows/search-attributes';

const { buildIsCurrent } = require('../../bin/evals.js') as { buildIsCurrent(): boolean };

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    pgAdminUrl: string;
    bundleDir: string;
    /** The launcher of Temporal's time-skipping test server, for the files that start their own (one per file). */
    timeSkippingServer: string;
  }
}

/**
 * One real Temporal dev server and one real PostgreSQL for the whole run; each
 * test file gets its own database and task queue on them.
 */
export default async function setup(project: TestProject) {
  const config = loadConfig({ ...process.env, TEMPORAL_ADDRESS: '', EVALS_PROVIDER: 'local' });
  const log = (line: string) => process.stderr.write(`[setup] ${line}\n`);
  // The tests that spawn bin/evals.js run the compiled build: rebuilt when a source is newer, so they test the code as it is.
  if (!buildIsCurrent()) {
    log('npm run build (dist/ is missing or older than the sources)');
    execFileSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'build.ts')], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
    });
  }
  // The scene inspector's tests run real Manim: installed on first use (`evals setup --manim`; CI does it before the suite).
  ensureManim(log);
  // The time-skipping test server (Java) for the workflow tests of long timers: installed on first use, like the Temporal CLI.
  const timeSkippingServer = await ensureTimeSkippingServer(log);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-test-'));
  fs.chmodSync(scratch, 0o755);

  let pgAdminUrl = process.env.DATABASE_URL;
  let stopPg: () => Promise<void> = async () => undefined;
  if (!pgAdminUrl) {
    const port = await freePort();
    const pg = await startEmbedded(scratch, port, log);
    pgAdminUrl = pg.url.replace(/\/evals$/, '/postgres');
    stopPg = pg.stop;
  }
  const temporal = await startDevServer(config, log, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
  // Bundle once; every worker in every test file loads the cached bundle.
  await workflowBundle(scratch);

  project.provide('temporalAddress', temporal.address);
  project.provide('pgAdminUrl', pgAdminUrl);
  project.provide('bundleDir', scratch);
  project.provide('timeSkippingServer', timeSkippingServer);

  return async () => {
    await temporal.stop();
    await stopPg();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}
