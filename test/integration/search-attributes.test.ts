import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { defaultPayloadConverter } from '@temporalio/common';
import { msToTs } from '@temporalio/common/lib/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { findTemporalCli, missingSearchAttributes } from '../../src/infra/temporal';
import { SEARCH_ATTRIBUTE_NAMES, SEARCH_ATTRIBUTES } from '../../workflows/search-attributes';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { pipelineInput } from '../helpers/pipeline-checks';
import { sampleAnimation } from '../../testkit/videos';
import { childDataDir, killWorkerProcesses, spawnEvals, spawnWorker } from '../helpers/worker-process';
import { waitFor } from '../helpers/wait';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.startWorker();
});
afterAll(async () => {
  killWorkerProcesses();
  await env?.close();
});

async function listIds(query: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const execution of env.client.workflow.list({ query })) ids.push(execution.workflowId);
  return ids.sort();
}

describe('search attributes', () => {
  it('let the UI list every run of a fragment and every FAIL', async () => {
    const fragmentId = `frag-sa-${crypto.randomBytes(4).toString('hex')}`;
    const failing = await startEvalPipeline(env.client, env.taskQueue, pipelineInput(fragmentId, sampleAnimation()));
    const failed = await failing.result();
    const passing = await startEvalPipeline(env.client, env.taskQueue, pipelineInput(fragmentId, sampleAnimation(), null));
    expect((await passing.result()).overallStatus).toBe('PASS');
    expect(failed.overallStatus).toBe('FAIL');

    const byFragment = `${SEARCH_ATTRIBUTES.fragmentId.name} = "${fragmentId}"`;
    // Visibility is eventually consistent.
    await waitFor(
      async () => (await listIds(byFragment)).length === 2,
      20_000,
      () => `runs of ${fragmentId} not listed`,
    );
    expect(await listIds(byFragment)).toEqual([failing.workflowId, passing.workflowId].sort());
    await waitFor(
      async () => (await listIds(`${byFragment} AND EvalOverallStatus = "FAIL"`)).length === 1,
      20_000,
      () => 'FAIL not listed',
    );
    expect(await listIds(`${byFragment} AND EvalOverallStatus = "FAIL"`)).toEqual([failing.workflowId]);
    expect(await listIds(`EvalOverallStatus = "PASS" AND PipelineRunId = "${failed.pipelineRunId}"`)).toEqual([]);

    const described = await failing.describe();
    expect(described.typedSearchAttributes.get(SEARCH_ATTRIBUTES.pipelineRunId)).toBe(failed.pipelineRunId);
    expect(described.typedSearchAttributes.get(SEARCH_ATTRIBUTES.projectId)).toBe('project-fleet');
  });

  it("with the workflow's summary, details and activity summaries, tell the UI the fragment, attempt, kinds and outcome", async () => {
    const fragmentId = `frag-ui-${crypto.randomBytes(4).toString('hex')}`;
    const handle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput(fragmentId, sampleAnimation()));
    const result = await handle.result();
    expect(result.overallStatus).toBe('FAIL');

    const described = await handle.describe();
    expect(await described.staticSummary()).toBe(`Eval pipeline · fragment ${fragmentId}`);
    expect(await described.staticDetails()).toContain(`Fragment \`${fragmentId}\`, project \`project-fleet\``);
    const metadata = await handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata');
    expect(metadata.currentDetails).toMatch(
      new RegExp(`^\\*\\*FAIL\\*\\* · \\d+ issues? \\(\\d+ HIGH\\) · COMPLETED · attempt 1, pipeline run \`${result.pipelineRunId}\``),
    );

    const history = await handle.fetchHistory();
    const summaries = (history.events ?? [])
      .filter((e) => e.activityTaskScheduledEventAttributes)
      .map((e) =>
        e.userMetadata?.summary
          ? (defaultPayloadConverter.fromPayload(e.userMetadata.summary) as string)
          : e.activityTaskScheduledEventAttributes!.activityType!.name,
      );
    expect(summaries).toEqual(
      expect.arrayContaining([
        'extract frames',
        'USER_INPUT_SECURITY',
        'VISUAL_VALIDATION_JSON',
        'DESIGN_VALIDATION_JSON',
        'VISUAL_RUBRIC_JSON',
        'ENGAGEMENT_RUBRIC_JSON',
        'roll up',
      ]),
    );
  });

  it('are checked by `evals worker`, which prints the command that registers them', async () => {
    expect(await missingSearchAttributes(env.client, env.config.temporal.namespace, SEARCH_ATTRIBUTE_NAMES)).toEqual([]);
    const namespace = `evals-bare-${crypto.randomBytes(4).toString('hex')}`;
    await env.client.connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
    await waitFor(
      async () => (await missingSearchAttributes(env.client, namespace, SEARCH_ATTRIBUTE_NAMES)) !== undefined,
      30_000,
      () => `namespace ${namespace} never appeared`,
    );
    expect(await missingSearchAttributes(env.client, namespace, SEARCH_ATTRIBUTE_NAMES)).toEqual([
      'FragmentId',
      'ProjectId',
      'PipelineRunId',
      'EvalOverallStatus',
    ]);

    const worker = spawnWorker(env, { TEMPORAL_NAMESPACE: namespace });
    await expect(worker).rejects.toThrow(/worker did not start/);
    const output = (await worker.catch((err: Error) => err.message)) as string;
    const command = /temporal operator search-attribute create .*/.exec(output)?.[0];
    expect(command).toBe(
      `temporal operator search-attribute create --namespace ${namespace} --name FragmentId --type Keyword --name ProjectId --type Keyword --name PipelineRunId --type Keyword --name EvalOverallStatus --type Keyword`,
    );

    // The printed command is the real one.
    const cli = findTemporalCli(env.config)!;
    execFileSync(cli, [...command!.split(' ').slice(1), '--address', env.config.temporal.address!], { stdio: 'pipe' });
    await waitFor(
      async () => (await missingSearchAttributes(env.client, namespace, SEARCH_ATTRIBUTE_NAMES))?.length === 0,
      30_000,
      () => 'registration not visible',
    );
  });

  it('are registered on a fresh namespace by `evals migrate --search-attributes`, once, after which a worker starts there', async () => {
    const namespace = `evals-migrate-${crypto.randomBytes(4).toString('hex')}`;
    await env.client.connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
    await waitFor(
      async () => (await missingSearchAttributes(env.client, namespace, SEARCH_ATTRIBUTE_NAMES))?.length === 4,
      30_000,
      () => `namespace ${namespace} never appeared`,
    );
    const migrate = async (extra: Record<string, string>) => {
      const child = spawnEvals(['migrate', '--search-attributes'], childEnv(env, { EVALS_DATA_DIR: childDataDir(), ...extra }));
      return { code: await child.exited, output: child.output() };
    };
    const on = { TEMPORAL_ADDRESS: env.config.temporal.address!, TEMPORAL_NAMESPACE: namespace };

    const first = await migrate(on);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(
      `registered the search attributes FragmentId, ProjectId, PipelineRunId, EvalOverallStatus on namespace ${namespace}`,
    );
    await waitFor(
      async () => (await missingSearchAttributes(env.client, namespace, SEARCH_ATTRIBUTE_NAMES))?.length === 0,
      30_000,
      () => 'registration not visible',
    );
    const again = await migrate(on);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain(`namespace ${namespace} has the search attributes`);
    const worker = await spawnWorker(env, { TEMPORAL_NAMESPACE: namespace });
    worker.kill('SIGKILL');

    // Without an address there is no fleet's Temporal to register them on.
    const nowhere = await migrate({});
    expect(nowhere.code).toBe(4);
    expect(nowhere.output).toMatch(/TEMPORAL_ADDRESS: evals migrate --search-attributes registers them on the fleet's Temporal/);
  });
});
