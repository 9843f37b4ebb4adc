import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { loadConfig, PROJECT_ROOT } from '../../src/config';
import { findTemporalCli } from '../../src/infra/temporal';
import { HISTORY_LIMITS, readHistory, replayHistories } from '../../src/replay';
import { workflowBundle } from '../../src/workflow-bundle';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { pipelineInput } from '../helpers/pipeline-checks';
import { sampleAnimation } from '../../testkit/videos';
import { childDataDir, spawnEvals } from '../helpers/worker-process';

const HISTORIES = path.join(PROJECT_ROOT, 'test', 'histories');
const committed = fs
  .readdirSync(HISTORIES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => path.join(HISTORIES, f));
const read = (file: string) => ({ file, history: readHistory(file) });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-replay-'));

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** `evals replay <files>` as a user runs it: exit code and what it printed. A hang is killed (no exit code) after two minutes. */
async function replayCli(...files: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawnEvals(['replay', ...files], { ...process.env, EVALS_DATA_DIR: childDataDir() });
  const hang = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await child.exited;
  clearTimeout(hang);
  return { code, output: child.output() };
}

const writeScratch = (name: string, text: string) => {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, text);
  return file;
};

describe('replay', () => {
  it('replays every committed history against the current workflow code', async () => {
    // Recorded by `npm run record-histories`: pass, FAIL with issues, unreadable animation, judge error, cancelled, render wait, combined judge mode.
    expect(committed.length).toBeGreaterThanOrEqual(7);
    const outcomes = await replayHistories(committed.map(read), await workflowBundle(env.config.dataDir));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(outcomes).toHaveLength(committed.length);
  });

  it('gives workers a shutdown grace longer than any activity the workflow schedules', () => {
    const grace = loadConfig({}).worker.shutdownGraceSeconds;
    const timeouts = committed.flatMap((file) =>
      (readHistory(file).events ?? []).flatMap((e) => {
        const scheduled = e.activityTaskScheduledEventAttributes;
        return scheduled ? [Number(scheduled.startToCloseTimeout?.seconds ?? 0)] : [];
      }),
    );
    expect(timeouts.length).toBeGreaterThan(10);
    expect(Math.max(...timeouts)).toBeLessThan(grace);
  });

  it('fails a deliberately changed workflow on a recorded history', async () => {
    // A copy of the workflow code that no longer marks the run RUNNING before extracting.
    const copy = path.join(scratch, 'workflows');
    fs.cpSync(path.join(PROJECT_ROOT, 'workflows'), copy, { recursive: true });
    // Every file of the copy imports the project's modules where they are.
    for (const file of fs.readdirSync(copy).map((f) => path.join(copy, f)))
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll("from '../", `from '${PROJECT_ROOT}/`));
    const index = path.join(copy, 'index.ts');
    const changed = fs.readFileSync(index, 'utf8').replace('    await markPipelineRunning(run.pipelineRunId);\n', '');
    expect(changed).not.toContain('await markPipelineRunning(');
    fs.writeFileSync(index, changed);
    const bundle = await bundleWorkflowCode({
      workflowsPath: index,
      workflowInterceptorModules: [path.join(copy, 'interceptors.ts')],
      // The copy lives outside the checkout: resolve packages from the project's node_modules.
      webpackConfigHook: (config) => ({
        ...config,
        resolve: { ...config.resolve, modules: [path.join(PROJECT_ROOT, 'node_modules'), 'node_modules'] },
      }),
      logger: quiet,
    });

    const [outcome] = await replayHistories([read(path.join(HISTORIES, 'pass.json'))], bundle);
    expect(outcome).toMatchObject({ ok: false, nondeterministic: true });
    expect(outcome.message).toMatch(/[Nn]ondeterminism/);
  });

  it('`evals replay` accepts a history exported with `temporal workflow show --output json`, and exits 1 on a determinism problem', async () => {
    const handle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput('frag-exported', sampleAnimation()));
    await handle.result();
    const exported = path.join(scratch, 'exported.json');
    const json = execFileSync(findTemporalCli(env.config)!, [
      'workflow',
      'show',
      '--workflow-id',
      handle.workflowId,
      '--address',
      env.config.temporal.address!,
      '--output',
      'json',
    ]);
    fs.writeFileSync(exported, json);

    const ok = await replayCli(exported);
    expect(ok.output).toContain(`ok: ${exported}`);
    expect(ok.code).toBe(0);

    // The same history as if recorded by a workflow that scheduled a differently named activity.
    const history = JSON.parse(json.toString()) as { events: Record<string, { activityType?: { name: string } }>[] };
    const scheduled = history.events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'markPipelineRunning')!;
    scheduled.activityTaskScheduledEventAttributes.activityType!.name = 'markPipelineStarted';
    const doctored = path.join(scratch, 'doctored.json');
    fs.writeFileSync(doctored, JSON.stringify(history));

    const bad = await replayCli(exported, doctored);
    expect(bad.code).toBe(1);
    expect(bad.output).toContain(`ok: ${exported}`);
    expect(bad.output).toContain(`NONDETERMINISTIC: ${doctored}`);
    expect(bad.output).toMatch(/markPipelineStarted/);
  });
});

describe('`evals replay` of files that are not workflow histories', () => {
  const recorded = () => JSON.parse(fs.readFileSync(path.join(HISTORIES, 'pass.json'), 'utf8')) as { events: Record<string, unknown>[] };

  it('exits 2 by itself, naming the file and what is wrong, and never says ok', { timeout: 600_000 }, async () => {
    const { events } = recorded();
    const fifo = path.join(scratch, 'history.fifo');
    execFileSync('mkfifo', [fifo]);
    const oversized = path.join(scratch, 'oversized.json');
    // Sparse: over the limit without writing it.
    fs.writeFileSync(oversized, '');
    fs.truncateSync(oversized, HISTORY_LIMITS.bytes + 1);
    const megabytes = HISTORY_LIMITS.bytes / (1024 * 1024);
    const cases: [string, RegExp][] = [
      [writeScratch('null.json', 'null'), /null\.json: not a workflow history: expected \{ "events": \[\.\.\.\] \}/],
      [writeScratch('empty-array.json', '[]'), /empty-array\.json: the history has no events/],
      [writeScratch('truncated.json', JSON.stringify({ events }).slice(0, 1000)), /truncated\.json: not JSON/],
      [writeScratch('not-events.json', JSON.stringify({ events: [1, 2, 3] })), /not-events\.json: not a workflow history \(/],
      ['/dev/zero', /cannot read \/dev\/zero: it is a device/],
      [fifo, /cannot read .*history\.fifo: it is a FIFO/],
      [scratch, /cannot read .*evals-replay-\w+: it is a directory/],
      [oversized, new RegExp(`oversized\\.json: too large \\(${megabytes}\\.01 MB; at most ${megabytes} MB\\)`)],
      // A workflow started and nothing more: the replayer would wait for a task forever.
      [
        writeScratch('first-event.json', JSON.stringify({ events: events.slice(0, 1) })),
        /first-event\.json: the history ends before the workflow's first task/,
      ],
      // Start events repeated (numbered on, or all the same number): the replayer reported ok, or went on after it.
      [
        writeScratch(
          'restarted.json',
          JSON.stringify({ events: Array.from({ length: 300 }, (_, i) => ({ ...events[0], eventId: String(i + 1) })) }),
        ),
        /restarted\.json: event 2 starts the workflow again/,
      ],
      [
        writeScratch('repeated.json', JSON.stringify({ events: Array.from({ length: 300 }, () => events[0]) })),
        /repeated\.json: event 2 has the id 1: a history's events are numbered 1, 2, 3/,
      ],
      [
        writeScratch('unnumbered.json', JSON.stringify({ events: events.map(({ eventId: _, ...e }) => e) })),
        /unnumbered\.json: event 1 has the id none/,
      ],
    ];
    for (const [file, says] of cases) {
      const { code, output } = await replayCli(path.join(HISTORIES, 'pass.json'), file);
      expect(code, `${file}: ${output}`).toBe(2);
      expect(output).toMatch(says);
      expect(output).not.toMatch(/^ok:/m);
    }
  });

  it('refuses a history longer than a workflow history can be', () => {
    const { events } = recorded();
    const long = writeScratch(
      'long.json',
      JSON.stringify({ events: Array.from({ length: HISTORY_LIMITS.events + 1 }, (_, i) => ({ eventId: String(i + 1) })) }),
    );
    expect(() => readHistory(long)).toThrow(
      new RegExp(`long\\.json: ${HISTORY_LIMITS.events + 1} events, more than a workflow history holds`),
    );
    expect(readHistory(writeScratch('ok.json', JSON.stringify({ events }))).events).toHaveLength(events.length);
  });
});

const noop = () => undefined;
const quiet = { log: noop, trace: noop, debug: noop, info: noop, warn: noop, error: noop };
