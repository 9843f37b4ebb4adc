import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLabelledSet, type LabelledSetJson } from '../../src/calibration/labelled-set';
import { figures } from '../../src/calibration/metrics';
import type { CalibrationReport } from '../../src/calibration/summary';
import { PROJECT_ROOT } from '../../src/config';
import { judgedRun } from '../../src/calibration/judged';
import { startFakeOpenAI, type FakeOpenAI } from '../../testkit/fake-openai';
import { answerAsLocalJudge } from '../../testkit/local-judge';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { childDataDir, killWorkerProcesses, spawnEvals } from '../helpers/worker-process';
import { waitFor } from '../helpers/wait';

/**
 * `evals calibrate` as a user runs it: its own process on this file's
 * database and the run's dev server, each configuration judging through its
 * own worker (the local judge; the LLM judge through the openai SDK against
 * the fake endpoint), figures from the stored runs, thresholds as exit
 * statuses, resumed after Ctrl-C without judging anything twice.
 */

const run = promisify(execFile);
const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');
const KEY = 'sk-calibrate-test-key';
const corpus = (name: string) => path.join(PROJECT_ROOT, 'corpus', 'manim', `${name}.mp4`);

let env: TestEnv;
let fake: FakeOpenAI;
let dir: string;
let dataDir: string;
let pixels: string;
let openai: string;

beforeAll(async () => {
  env = await createTestEnv();
  fake = await startFakeOpenAI({ apiKey: KEY, judge: answerAsLocalJudge });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-calibrate-'));
  dataDir = childDataDir();
  pixels = write('pixels.env', 'EVALS_PROVIDER=local\nEVALS_SCENE_INSPECTION=off\n');
  openai = write(
    'openai.env',
    `# the fake endpoint\nEVALS_PROVIDER=openai\nOPENAI_BASE_URL=${fake.baseUrl}\nOPENAI_API_KEY="${KEY}"\nEVALS_LOCAL_PRECHECKS=false\nEVALS_SCENE_INSPECTION=off\n`,
  );
});
afterAll(async () => {
  killWorkerProcesses();
  await fake?.close();
  await env?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const set = (name: string, animations: LabelledSetJson['animations']): string =>
  write(
    `${name}.json`,
    JSON.stringify({ format: 'evals-labelled-set', version: 1, name, countFrom: 'MEDIUM', animations } satisfies LabelledSetJson),
  );

const titleCut = {
  kind: 'VISUAL_VALIDATION_JSON',
  categories: ['clipped_content', 'off_screen'],
  window: [1, 6],
  name: 'title-cut-top',
} as const;
/** Two real renders labelled as they are: a clean summary, a title cut by the top edge. */
const truthful = () =>
  set('truthful', [
    { id: 'summary', animation: corpus('clean-summary'), expect: 'clean' },
    { id: 'title', animation: corpus('defect-title-cut-top'), userInput: 'Animate a title', expect: [titleCut] },
  ]);

const stackEnv = () =>
  childEnv(env, { TEMPORAL_ADDRESS: env.config.temporal.address!, TEMPORAL_TASK_QUEUE: env.taskQueue, EVALS_DATA_DIR: dataDir });

/** `evals <args>` to its end; a hang is killed after `timeout` ms and has no exit code (-1). */
async function evals(args: string[], timeout = 240_000): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [EVALS, ...args], { env: stackEnv(), timeout, killSignal: 'SIGKILL' });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const pipelineRuns = async () => Number((await env.pool.query<{ n: string }>('SELECT count(*) AS n FROM pipeline_runs')).rows[0].n);

describe('evals calibrate', () => {
  let report: CalibrationReport;
  let requestsAfterFirst: number;

  it('runs the set through the pipeline once per configuration, each through its own judge, and prints figures computed from the stored runs', async () => {
    const result = await evals([
      'calibrate',
      truthful(),
      '--config',
      `pixels=${pixels}`,
      '--config',
      `openai=${openai}`,
      '--json',
      '--html',
      path.join(dir, 'page.html'),
      '--concurrency',
      '2',
    ]);
    expect(result.code, result.stderr).toBe(0);
    report = JSON.parse(result.stdout) as CalibrationReport;
    expect(report.configurations.map((c) => c.name)).toEqual(['pixels', 'openai']);
    // A progress line per animation and configuration.
    for (const name of ['pixels', 'openai'])
      for (const id of ['summary', 'title'])
        expect(result.stderr).toMatch(new RegExp(`${name} \\[\\d/2\\] truthful/${id}: (PASS|FAIL) · `));
    expect(result.stderr).not.toContain(KEY);

    const labels = parseLabelledSet(JSON.parse(fs.readFileSync(path.join(dir, 'truthful.json'), 'utf8')), 'truthful', dir);
    const entries = labels.animations.map((a) => ({
      key: `truthful/${a.id}`,
      expect: a.expect,
      toleranceSeconds: 1,
      countFrom: 'MEDIUM' as const,
    }));
    for (const [c, judge] of [
      [report.configurations[0], /^local\//],
      [report.configurations[1], /^openai\/gpt-4\.1-mini$/],
    ] as const) {
      expect(Object.keys(c.runs).sort()).toEqual(['truthful/summary', 'truthful/title']);
      const judged = new Map(
        await Promise.all(Object.entries(c.runs).map(async ([key, id]) => [key, (await judgedRun(env.pool, id))!] as const)),
      );
      // Every frame kind was scored by this configuration's judge; USER_INPUT_SECURITY ran where there was a message.
      for (const run of judged.values())
        for (const r of run.run.evalRuns.filter((r) => r.status !== 'SKIPPED')) expect(`${r.provider}/${r.model}`, c.name).toMatch(judge);
      expect(judged.get('truthful/title')!.statuses.USER_INPUT_SECURITY).not.toBe('SKIPPED');
      expect(c.overall).toEqual(figures(entries, judged, null));
      expect(c.kinds.VISUAL_VALIDATION_JSON).toEqual(figures(entries, judged, 'VISUAL_VALIDATION_JSON'));
    }
    // The pixel judge finds the cut title in time; the LLM judge's tokens were priced.
    expect(report.configurations[0].kinds.VISUAL_VALIDATION_JSON).toMatchObject({ expected: 1, found: 1, recall: 1 });
    expect(report.configurations[0].overall.costPerAnimationUsd).toBeNull();
    expect(report.configurations[1].overall.costPerAnimationUsd).toBeGreaterThan(0);
    // The fake endpoint was asked about both animations, by the openai configuration alone (4 frame kinds each, and the message).
    requestsAfterFirst = fake.requests.length;
    expect(requestsAfterFirst).toBe(9);

    const page = fs.readFileSync(path.join(dir, 'page.html'), 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/(?:src|href)="(?!data:|#)/);
    expect(page.match(/<section class="disagreement">/g)?.length ?? 0).toBe(report.disagreements.length);
    if (report.disagreements.length) expect(page).toContain('src="data:image/jpeg;base64,');
  });

  it('judges nothing twice: a second run, and a set labelling the same animations otherwise, reuse the runs; thresholds decide the exit status', async () => {
    const before = await pipelineRuns();
    const again = await evals([
      'calibrate',
      truthful(),
      '--config',
      `pixels=${pixels}`,
      '--config',
      `openai=${openai}`,
      '--json',
      '--min-recall',
      '1',
      '--max-false',
      '5',
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr.match(/judged before \(pipeline run /g)).toHaveLength(4);
    expect((JSON.parse(again.stdout) as CalibrationReport).configurations.map((c) => c.runs)).toEqual(
      report.configurations.map((c) => c.runs),
    );

    // The title labelled clean and the summary labelled with a flashing defect: what the pixel judge found is now false, what it was asked for missed.
    const wrong = set('mislabelled', [
      {
        id: 'summary',
        animation: corpus('clean-summary'),
        expect: [{ kind: 'VISUAL_VALIDATION_JSON', category: 'flashing', window: [1, 2] }],
      },
      { id: 'title', animation: corpus('defect-title-cut-top'), userInput: 'Animate a title', expect: 'clean' },
    ]);
    const gated = await evals(['calibrate', wrong, '--config', `pixels=${pixels}`, '--min-recall', '50%', '--max-false', '0']);
    expect(gated.code, gated.stderr).toBe(1);
    expect(gated.stdout).toMatch(/threshold not met: pixels: recall 0% is below --min-recall 50%/);
    expect(gated.stdout).toMatch(/threshold not met: pixels: [1-9]\d* false findings on clean animations, over --max-false 0/);
    expect(await pipelineRuns()).toBe(before);
    expect(fake.requests.length).toBe(requestsAfterFirst);
  });

  it('stops at Ctrl-C with exit 130, keeping what finished, and resumes with the rest', async () => {
    // A slow judge, one pipeline at a time: the first animation ends, the second is cut short.
    const slow = write('slow.env', 'EVALS_PROVIDER=local\nEVALS_SCENE_INSPECTION=off\nEVALS_LOCAL_JUDGE_DELAY_MS=2500\n');
    const args = ['calibrate', truthful(), '--config', `slow=${slow}`, '--concurrency', '1'];
    const first = spawnEvals(args, stackEnv());
    await waitFor(
      () => /slow \[1\/2\]/.test(first.output()),
      120_000,
      () => `no first result:\n${first.output()}`,
      first.exited,
    );
    first.kill('SIGINT');
    expect(await first.exited).toBe(130);
    expect(first.output()).toMatch(/interrupted: no more pipelines start; cancelling the [01] in flight/);
    expect(first.output()).not.toMatch(/slow \[2\/2\]/);

    const resumed = await evals(args);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr.match(/judged before/g)).toHaveLength(1);
    expect(resumed.stderr).toMatch(/slow \[2\/2\] truthful\/\w+: (PASS|FAIL) · .* \d+\.\d s$/m);
  });

  it('refuses a set or a configuration at fault before anything starts (exit 2), naming the field or the variable', async () => {
    const before = await pipelineRuns();
    const bad = set('bad', [
      { id: 'x', animation: corpus('clean-summary'), expect: [{ kind: 'VISUAL_VALIDATION_JSON', category: 'typography', window: [0, 1] }] },
    ]);
    const cases: [string[], RegExp][] = [
      [['calibrate', bad], /bad\.json: animations\[0\]\.expect\[0\]\.category: "typography" is not a category of VISUAL_VALIDATION_JSON/],
      [
        ['calibrate', set('missing', [{ id: 'x', animation: 'nowhere.mp4', expect: 'clean' }])],
        /missing\.json: animations\[0\]\.animation: cannot read .*nowhere\.mp4: no such file/,
      ],
      [
        ['calibrate', truthful(), '--config', `typo=${write('typo.env', 'EVALS_SAMPLE=3\n')}`],
        /--config typo: EVALS_SAMPLE is not a variable evals reads \(did you mean EVALS_SAMPLES\?\)/,
      ],
      [
        ['calibrate', truthful(), '--config', `stack=${write('stack.env', 'DATABASE_URL=postgres://x@y/z\n')}`],
        /--config stack: DATABASE_URL names the stack, not the judge/,
      ],
      [
        ['calibrate', truthful(), '--config', `wrong=${write('wrong.env', 'EVALS_SAMPLES=12\n')}`],
        /--config wrong: invalid configuration: EVALS_SAMPLES: must be a whole number above 0, at most 9/,
      ],
      [['calibrate', truthful(), '--config', `a=${pixels}`, '--config', `a=${openai}`], /two configurations are named a/],
      [['calibrate', truthful(), '--min-recall', '1.5'], /expected a share from 0 to 1/],
    ];
    for (const [args, says] of cases) {
      const result = await evals(args);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(says);
    }
    expect(await pipelineRuns()).toBe(before);
  });

  it('refuses, by itself and at once, a set file or an animation that is not a regular file (exit 2), naming it', {
    timeout: 600_000,
  }, async () => {
    const before = await pipelineRuns();
    const fifo = path.join(dir, 'labels.fifo');
    execFileSync('mkfifo', [fifo]);
    const folder = fs.mkdtempSync(path.join(dir, 'folder-'));
    const animated = (name: string, animation: string) => set(name, [{ id: 'x', animation, expect: 'clean' }]);
    const cases: [string[], RegExp][] = [
      // The set file itself.
      [['calibrate', '/dev/zero'], /cannot read \/dev\/zero: it is a device/],
      [['calibrate', fifo], /cannot read .*labels\.fifo: it is a FIFO/],
      [['calibrate', folder], /cannot read .*folder-\w+: it is a directory/],
      [['calibrate', write('null.json', 'null')], /null\.json: \(the whole file\): /],
      [['calibrate', write('array.json', '[]')], /array\.json: \(the whole file\): /],
      [['calibrate', write('cut.json', fs.readFileSync(truthful(), 'utf8').slice(0, 60))], /cut\.json: not JSON/],
      // An animation in it: the check `evals run` makes of a file.
      [['calibrate', animated('zero', '/dev/zero')], /zero\.json: animations\[0\]\.animation: cannot read \/dev\/zero: it is a device/],
      [['calibrate', animated('piped', fifo)], /piped\.json: animations\[0\]\.animation: cannot read .*labels\.fifo: it is a FIFO/],
      [['calibrate', animated('folder', folder)], /folder\.json: animations\[0\]\.animation: cannot read .*folder-\w+: it is a directory/],
    ];
    for (const [args, says] of cases) {
      const result = await evals(args, 60_000);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(says);
    }
    // `evals run` refuses the same paths alike.
    for (const target of ['/dev/zero', fifo, folder]) {
      const result = await evals(['run', target], 60_000);
      expect(result.code, `run ${target}: ${result.stderr}`).toBe(2);
    }
    expect(await pipelineRuns()).toBe(before);
  });
});
