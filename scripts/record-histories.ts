/**
 * Re-records the workflow histories committed under test/histories/ from real
 * runs: a dev server, embedded PostgreSQL, real ffmpeg, one in-process worker.
 * Run it (`npm run record-histories`) after a workflow change that is meant to
 * change histories, once the old histories no longer matter (see docs/operations.md);
 * `npm run record-histories -- combined` records only the scenarios named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { startEvalPipeline, type EvalPipelineRequest } from '../src/client';
import { PROJECT_ROOT } from '../src/config';
import { PermanentError } from '../src/errors';
import type { RenderWait } from '../src/domain/render-wait';
import { createLogger } from '../src/logger';
import { createProvider } from '../src/providers';
import type { JudgeProvider } from '../src/providers/provider';
import { activityDeps, createWorker } from '../src/worker';
import { installRuntime } from '../src/infra/temporal-runtime';
import { FakeFragmentsApi } from '../testkit/fake-fragments-api';
import { startFileServer } from '../testkit/file-server';
import { sampleAnimation, syntheticVideo, writeFixture } from '../testkit/videos';
import { openOfflineStack, runMain } from '../testkit/offline-env';
import { INJECTION } from '../testkit/labelled';

const OUT_DIR = path.join(PROJECT_ROOT, 'test', 'histories');

/** The local judge, except for runs titled to exercise the judge-error and cancellation paths. */
function scenarioJudge(local: JudgeProvider): JudgeProvider {
  return {
    name: local.name,
    modelFor: (definition) => local.modelFor(definition),
    async judge(request) {
      if (request.input.title === 'judge-error' && request.definition.kind === 'ENGAGEMENT_RUBRIC_JSON') {
        throw new PermanentError('invalid-judge-answer', 'judge answer did not match the schema twice');
      }
      if (request.input.title === 'cancel') {
        await new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('cancelled'))));
      }
      return local.judge(request);
    },
  };
}

async function main(): Promise<void> {
  // The fragments API for the render-wait scenario: not rendered on the first two reads.
  const fragments = await new FakeFragmentsApi(sampleAnimation()).start();
  fragments.script(
    'frag-history-render-wait',
    { status: 200, rendered: false },
    { status: 200, rendered: false },
    { status: 200, rendered: true },
  );
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const log = createLogger('warn');
  installRuntime(log);
  const stack = await openOfflineStack('record', {
    EVALS_ALLOW_PRIVATE_ADDRESSES: 'true',
    FRAGMENTS_API_URL: fragments.baseUrl,
    FRAGMENTS_API_KEY: fragments.apiKey,
  });
  const { config, db, temporal } = stack;
  // Served over loopback HTTP, so no local path ends up in a committed history.
  const files = await startFileServer();
  try {
    const deps = { ...activityDeps(config, db.pool, log, { allowLocalFiles: false }), provider: scenarioJudge(createProvider(config)) };
    const worker = await createWorker({ connection: temporal.nativeConnection, config, deps });
    // A second worker, on its own task queue, creates its runs in combined judge mode.
    const combinedQueue = `${config.temporal.taskQueue}-combined`;
    const combined = {
      ...config,
      judge: { ...config.judge, mode: 'combined' as const },
      temporal: { ...config.temporal, taskQueue: combinedQueue },
    };
    const combinedWorker = await createWorker({
      connection: temporal.nativeConnection,
      config: combined,
      deps: { ...deps, config: combined },
    });
    const only = process.argv.slice(2);
    await combinedWorker.runUntil(
      worker.runUntil(async () => {
        const input = (name: string, file: string | null, userInput: string | null, title = 'Pythagoras'): EvalPipelineRequest => ({
          fragmentId: `frag-history-${name}`,
          projectId: 'project-histories',
          userId: 'user-histories',
          userInput,
          ...(file ? { animation: { url: files.url(file), title, description: 'a^2 + b^2 = c^2' } } : {}),
        });
        const scenarios: { name: string; input: EvalPipelineRequest; cancel?: boolean; renderWait?: RenderWait; taskQueue?: string }[] = [
          // Read from the fragments API, polled on a durable timer until the render finishes.
          {
            name: 'render-wait',
            input: input('render-wait', null, 'Animate the Pythagorean theorem'),
            renderWait: { pollIntervalMs: 1_000, limitMs: 60_000 },
          },
          { name: 'pass', input: input('pass', sampleAnimation(), null) },
          {
            name: 'fail-with-issues',
            input: input('fail-with-issues', syntheticVideo('all-black', 'color=c=black:size=640x360:rate=15:duration=3'), INJECTION),
          },
          {
            name: 'unreadable-animation',
            input: input('unreadable-animation', writeFixture('history-not-a-video.mp4', 'plain text, not a video\n'), 'hello'),
          },
          { name: 'judge-error', input: input('judge-error', sampleAnimation(), 'hello', 'judge-error') },
          { name: 'cancelled', input: input('cancelled', sampleAnimation(), 'hello', 'cancel'), cancel: true },
          { name: 'combined', input: input('combined', sampleAnimation(), 'hello'), taskQueue: combinedQueue },
        ];
        fs.mkdirSync(OUT_DIR, { recursive: true });
        for (const scenario of scenarios.filter((s) => only.length === 0 || only.includes(s.name))) {
          const handle = await startEvalPipeline(temporal.client, scenario.taskQueue ?? config.temporal.taskQueue, scenario.input, {
            renderWait: scenario.renderWait,
          });
          if (scenario.cancel) {
            // Cancel once the judge calls are under way.
            while (!(await handle.fetchHistory()).events?.some((e) => e.activityTaskStartedEventAttributes)) await sleep(100);
            await sleep(1_000);
            await handle.cancel();
          }
          await handle.result().catch(() => undefined);
          const file = path.join(OUT_DIR, `${scenario.name}.json`);
          // Failure stack traces name this checkout; replay never reads them.
          const json = historyToJSON(await handle.fetchHistory())
            .split(PROJECT_ROOT)
            .join('<project>');
          fs.writeFileSync(file, `${json}\n`);
          say(`recorded ${path.relative(PROJECT_ROOT, file)}`);
        }
      }),
    );
  } finally {
    await files.close();
    await fragments.stop();
    await stack.close();
  }
}

runMain('record-histories', main);
