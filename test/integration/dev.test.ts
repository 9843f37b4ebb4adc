import fs from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { afterAll, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { freePort } from '../../src/infra/temporal';
import { pipelineInput } from '../helpers/pipeline-checks';
import { sampleAnimation } from '../../testkit/videos';
import { childDataDir, killWorkerProcesses, spawnEvals, type WorkerProcess } from '../helpers/worker-process';
import { waitFor } from '../helpers/wait';
import { offlineEnv } from '../../testkit/offline-env';

const dataDir = childDataDir();
afterAll(() => {
  killWorkerProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startDev(env: NodeJS.ProcessEnv): Promise<{ dev: WorkerProcess; uiUrl: string; address: string }> {
  const dev = spawnEvals(['dev'], env);
  await waitFor(
    () => /Temporal UI: \S+/.test(dev.output()) && dev.output().includes('"Worker state changed"'),
    120_000,
    () => `evals dev did not start:\n${dev.output()}`,
    dev.exited,
  );
  return { dev, uiUrl: /Temporal UI: (\S+)/.exec(dev.output())![1], address: /Temporal address: (\S+)/.exec(dev.output())![1] };
}

it('`evals dev` serves the Temporal UI, runs pipelines, keeps their history across restarts and stops cleanly', async () => {
  const [devPort, uiPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    ...offlineEnv(dataDir),
    TEMPORAL_DEV_PORT: String(devPort),
    TEMPORAL_UI_PORT: String(uiPort),
    EVALS_EMBEDDED_PG_PORT: String(pgPort),
    TEMPORAL_TASK_QUEUE: 'dev-test',
    LOG_LEVEL: 'info',
  };
  const first = await startDev(env);
  expect(first.uiUrl).toBe(`http://127.0.0.1:${uiPort}`);
  expect(first.address).toBe(`127.0.0.1:${devPort}`);
  const page = await fetch(first.uiUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<html/i);

  let connection = await Connection.connect({ address: first.address });
  const handle = await startEvalPipeline(new Client({ connection }), 'dev-test', pipelineInput('frag-dev', sampleAnimation()));
  expect((await handle.result()).status).toBe('COMPLETED');
  await connection.close();
  first.dev.kill('SIGINT');
  expect(await first.dev.exited).toBe(0);

  // History lives in the data dir: the run is still there for the UI after a restart.
  const second = await startDev(env);
  connection = await Connection.connect({ address: second.address });
  const again = new Client({ connection }).workflow.getHandle(handle.workflowId);
  expect((await again.describe()).status.name).toBe('COMPLETED');
  expect((await again.fetchHistory()).events?.length).toBeGreaterThan(20);
  await connection.close();

  // `evals run` on this machine hands local files to the dev stack's worker; another address cannot take them.
  const local = spawnEvals(['run', sampleAnimation(), '--json', '--quiet'], { ...env, TEMPORAL_ADDRESS: second.address });
  expect(await local.exited, local.output()).toBe(0);
  expect(local.output()).toMatch(/"status":"COMPLETED"/);
  const elsewhere = spawnEvals(['run', sampleAnimation()], { ...env, TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}` });
  expect(await elsewhere.exited).toBe(2);
  expect(elsewhere.output()).toMatch(/is not an `evals dev` of this machine/);

  second.dev.kill('SIGTERM');
  expect(await second.dev.exited).toBe(0);
  expect(fs.existsSync(`${dataDir}/dev-server.json`)).toBe(false);
});
