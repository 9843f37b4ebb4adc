import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { sampleAnimation } from '../../testkit/videos';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { pipelineInput } from '../helpers/pipeline-checks';
import { setCurrentVersion } from '../helpers/versioning';
import { waitFor } from '../helpers/wait';

const deploymentName = `evals-${crypto.randomBytes(4).toString('hex')}`;

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ EVALS_DEPLOYMENT_NAME: deploymentName, EVALS_BUILD_ID: 'build-1' });
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
});

describe('Worker Versioning', () => {
  it('runs a pipeline on a versioned worker once its version is current, pinned to that version', async () => {
    await waitFor(
      () => setCurrentVersion(env, deploymentName, 'build-1'),
      60_000,
      () => `version build-1 of ${deploymentName} never became current`,
    );
    const handle = await startEvalPipeline(
      env.client,
      env.taskQueue,
      pipelineInput(`frag-versioned-${crypto.randomBytes(4).toString('hex')}`, sampleAnimation(), null),
    );
    const result = await handle.result();
    expect(result).toMatchObject({ status: 'COMPLETED', overallStatus: 'PASS' });

    const versioning = (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo;
    expect(versioning?.behavior).toBe(1); // VERSIONING_BEHAVIOR_PINNED
    expect(versioning?.deploymentVersion).toMatchObject({ deploymentName, buildId: 'build-1' });
  });
});
