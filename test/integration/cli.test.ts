import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { mapLimited } from '../../src/cli/batch';
import { program } from '../../src/cli/program';
import { PROJECT_ROOT } from '../../src/config';
import { ensureDatabase } from '../../src/infra/postgres';
import { freePort } from '../../src/infra/temporal';
import { writeFixture } from '../../testkit/videos';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { killWorkerProcesses, spawnWorker } from '../helpers/worker-process';

const run = promisify(execFile);
const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');
const SAMPLE = path.join(PROJECT_ROOT, 'examples', 'pythagoras.mp4');
const corpus = (name: string) => path.join(PROJECT_ROOT, 'corpus', 'manim', `${name}.mp4`);

let env: TestEnv;
let dataDir: string;

beforeAll(async () => {
  env = await createTestEnv();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-cli-'));
});
afterAll(async () => {
  killWorkerProcesses();
  await env?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the real CLI: its own dev server and in-process worker, this file's database. */
async function evals(
  args: string[],
  extra: Record<string, string> = {},
  timeout = 180_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [EVALS, ...args], {
      env: childEnv(env, { EVALS_DATA_DIR: dataDir, ...extra }),
      timeout,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Every subcommand's path, nested ones included (`keys create`). */
function subcommands(): string[][] {
  const walk = (command: ReturnType<typeof program>, prefix: string[]): string[][] =>
    command.commands.flatMap((c) => [[...prefix, c.name()], ...walk(c, [...prefix, c.name()])]);
  return walk(program(), []);
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npx evals: help, version and usage errors', () => {
  it('answers --help on every subcommand with its usage and exit 0, starting nothing: no process, no port, no database change', async () => {
    const commands = subcommands();
    expect(commands.map((c) => c.join(' '))).toEqual(
      expect.arrayContaining([
        'run',
        'show',
        'list',
        'worker',
        'trigger',
        'cancel',
        'serve',
        'keys create',
        'dev',
        'replay',
        'migrate',
        'prune',
        'setup',
      ]),
    );
    // A database of its own, empty: a command that started would migrate it.
    const database = `evals_help_${process.pid}`;
    const adminUrl = env.databaseUrl.replace(/\/[^/]*$/, '/postgres');
    await ensureDatabase(adminUrl, database);
    const databaseUrl = env.databaseUrl.replace(/\/[^/]*$/, `/${database}`);
    const ports = {
      TEMPORAL_DEV_PORT: await freePort(),
      TEMPORAL_UI_PORT: await freePort(),
      EVALS_METRICS_PORT: await freePort(),
      EVALS_API_PORT: await freePort(),
      EVALS_EMBEDDED_PG_PORT: await freePort(),
    };
    const helpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-help-'));
    try {
      // A few at once: each is a node start-up, and one that started a server would hold its port for the others' checks too.
      await mapLimited(commands, 4, async (command) => {
        const result = await evals([...command, '--help'], {
          EVALS_DATA_DIR: helpDir,
          DATABASE_URL: databaseUrl,
          ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
        });
        expect(result.code, `${command.join(' ')}: ${result.stderr}`).toBe(0);
        expect(result.stdout).toContain(`Usage: evals ${command.join(' ')}`);
        for (const port of Object.values(ports)) expect(await listening(port), `${command.join(' ')} port ${port}`).toBe(false);
      });
      expect(fs.readdirSync(helpDir)).toEqual([]);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const tables = await client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
      await client.end();
      expect(tables.rows[0].n).toBe(0);
    } finally {
      fs.rmSync(helpDir, { recursive: true, force: true });
    }
  });

  it('prints its version, suggests the command meant for a typo, and exits 2 on every usage error', async () => {
    const version = await evals(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).version);

    const typo = await evals(['rnu', corpus('clean-summary')]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown command 'rnu'/);
    expect(typo.stderr).toMatch(/Did you mean run\?/);

    await mapLimited(
      [
        ['run'],
        ['run', path.join(dataDir, 'missing.mp4')],
        ['run', dataDir],
        ['run', SAMPLE, '--bogus'],
        ['run', SAMPLE, '--fail-on', 'sometimes'],
        ['run', SAMPLE, '--concurrency', '0'],
        ['worker', '--bogus'],
        ['list', '--limit', 'many'],
        ['show'],
        ['replay', path.join(dataDir, 'missing.json')],
        ['frobnicate'],
        [],
      ],
      4,
      async (args) => {
        const result = await evals(args);
        expect(result.code, `evals ${args.join(' ')}: ${result.stderr}`).toBe(2);
        expect(result.stderr).toMatch(/^evals: |Usage: evals/);
      },
    );
    const missing = await evals(['run', path.join(dataDir, 'missing.mp4')]);
    expect(missing.stderr).toMatch(/no such file/);
    const directory = await evals(['run', dataDir]);
    expect(directory.stderr).toMatch(/no video files .* in directory/);
    const bogus = await evals(['run', SAMPLE, '--jsn']);
    expect(bogus.stderr).toMatch(/unknown option '--jsn'[\s\S]*Did you mean --json\?/);

    const scenes = path.join(PROJECT_ROOT, 'corpus', 'manim', 'scenes.py');
    for (const [args, says] of [
      [['run', SAMPLE, '--source', path.join(dataDir, 'missing.py')], /cannot read --source .*missing\.py: no such file/],
      [['run', SAMPLE, '--source', SAMPLE], /a scene source is a Python file/],
      [['run', SAMPLE, '--scene', 'CleanMatrix'], /--scene names a class of the --source files: give them too/],
      [['run', SAMPLE, '--source', scenes, '--scene', 'Clean Matrix;'], /is not a Python class name/],
      [['run', SAMPLE, '--source', scenes, '--source', scenes], /two --source files are named scenes\.py/],
    ] as const) {
      const result = await evals([...args]);
      expect(result.code, `evals ${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(says);
    }
  });
});

describe('npx evals run', () => {
  it('run --json prints exactly the seed shape, and the same file again is the next attempt', async () => {
    const first = await evals(['run', SAMPLE, '--json', '--user-input', 'Show the Pythagorean theorem with squares on each side']);
    expect(first.code, first.stderr).toBe(0);
    const response = PipelineRunResponseSchema.parse(JSON.parse(first.stdout));
    const pipeline = response.evalPipelineRun;
    expect(pipeline.status).toBe('COMPLETED');
    expect(pipeline.attemptNumber).toBe(1);
    expect(pipeline.overallStatus).toBe('PASS');
    expect(pipeline.summary).toBeTruthy();
    expect(pipeline.evalRuns).toHaveLength(5);
    expect(pipeline.evalRuns.every((r) => Array.isArray(r.issues) && !['PENDING', 'RUNNING'].includes(r.status))).toBe(true);
    // Progress per stage and per kind went to stderr, not stdout; without a terminal, one line per stage.
    expect(first.stderr).toMatch(/starting a Temporal dev server/);
    expect(first.stderr).toMatch(/attempt 1: RUNNING/);
    expect(first.stderr).toMatch(/VISUAL_VALIDATION_JSON PASS/);
    expect(first.stderr).not.toMatch(/%/);

    const second = await evals(['run', SAMPLE, '--json', '--quiet']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toBe('');
    const again = PipelineRunResponseSchema.parse(JSON.parse(second.stdout)).evalPipelineRun;
    expect(again.fragmentId).toBe(pipeline.fragmentId);
    expect(again.attemptNumber).toBe(2);

    const shown = await evals(['show', pipeline.id, '--issues']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Pipeline run ${pipeline.id}`);
    expect(shown.stdout).toMatch(/VISUAL_VALIDATION_JSON\s+PASS/);
    const unknown = await evals(['show', 'no-such-run']);
    expect(unknown.code).toBe(1);

    const listed = await evals(['list', '--fragment-id', pipeline.fragmentId, '--json']);
    expect(listed.code).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).attemptNumber),
    ).toEqual([2, 1]);
    const table = await evals(['list', '--fragment-id', pipeline.fragmentId, '--status', 'PASS', '--limit', '1']);
    expect(table.stdout).toContain(again.id);
    expect(table.stdout).not.toContain(pipeline.id);
  });

  it('exits 1 on an overall FAIL, 0 with --fail-on error or never, and names the defect at its second', async () => {
    const failed = await evals(['run', corpus('defect-text-slides-off-right')]);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stdout).toMatch(/overall FAIL/);
    expect(failed.stdout).toMatch(
      /MEDIUM\s+VISUAL_VALIDATION_JSON\s+clipped_content\s+\d+\s+00:03\.\d right edge\s+A line of text runs into the right edge/,
    );
    expect((await evals(['run', corpus('defect-text-slides-off-right'), '--fail-on', 'error', '--quiet'])).code).toBe(0);
    expect((await evals(['run', corpus('defect-text-slides-off-right'), '--fail-on', 'never', '--quiet'])).code).toBe(0);
  });

  it('exits 3 when an animation cannot be evaluated, with the reason at the top and on every kind that did not run', async () => {
    const bad = writeFixture('cli-not-a-video.mp4', 'not a video at all');
    const result = await evals(['run', bad]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/status ERROR/);
    expect(result.stdout).toMatch(/\n {2}error: animation is not a readable video/);
    expect(result.stdout.match(/Skipped: animation is not a readable video/g)).toHaveLength(5);
    expect((await evals(['run', bad, '--fail-on', 'never', '--quiet'])).code).toBe(0);
  });

  it('evaluates a batch of files, a directory and a glob on one stack, ending with a summary table and JUnit and CSV reports', async () => {
    const batchDir = fs.mkdtempSync(path.join(dataDir, 'batch-'));
    for (const name of ['clean-summary', 'defect-tiny-text']) fs.copyFileSync(corpus(name), path.join(batchDir, `${name}.mp4`));
    const bad = writeFixture('cli-batch-garbage.mp4', 'garbage bytes');
    const junit = path.join(dataDir, 'report.xml');
    const csv = path.join(dataDir, 'report.csv');
    const html = path.join(dataDir, 'reports');
    const args = [
      'run',
      batchDir,
      path.join(PROJECT_ROOT, 'corpus', 'manim', 'defect-blank-*.mp4'),
      corpus('clean-matrix'),
      bad,
      '--junit',
      junit,
      '--csv',
      csv,
      '--html',
      html,
      '--concurrency',
      '3',
    ];
    const result = await evals(args);
    expect(result.code, result.stderr).toBe(3);
    // One stack for all of them.
    expect(result.stderr.match(/starting a Temporal dev server/g)).toHaveLength(1);
    expect(result.stderr.match(/started pipeline/g)).toHaveLength(6);

    const rows = result.stdout.split('\n').filter((l) => /\.mp4\s/.test(l));
    expect(rows).toHaveLength(6);
    const row = (name: string) => rows.find((r) => r.includes(name))!;
    expect(row('clean-summary')).toMatch(/\sPASS\s/);
    expect(row('clean-matrix')).toMatch(/\sPASS\s/);
    expect(row('defect-tiny-text')).toMatch(/\sFAIL\s+MEDIUM unreadable_text @ 00:01\.\d/);
    expect(row('defect-blank-middle')).toMatch(/\sFAIL\s+MEDIUM blank_frame @ 00:02\.\d/);
    expect(row('defect-blank-end')).toMatch(/\sFAIL\s+HIGH blank_frame @ 00:04\.\d/);
    expect(row('cli-batch-garbage')).toMatch(/\sERROR\s+error: animation is not a readable video/);
    expect(result.stdout).toMatch(/2 PASS, 3 FAIL, 1 ERROR, 0 SKIPPED \(6 animations\)/);
    // Every file written is named on stderr.
    const written = [...result.stderr.matchAll(/^(?:report|JUnit XML|CSV) written to (.+)$/gm)].map((m) => m[1]);
    const reports = fs.readdirSync(html).map((f) => path.join(html, f));
    expect(reports).toHaveLength(6);
    expect(written.sort()).toEqual([junit, csv, ...reports].sort());
    const shown = await evals(['show', row('defect-tiny-text').trim().split(/\s+/).pop()!, '--html', path.join(dataDir, 'shown.html')]);
    expect(shown.stderr).toContain(`report written to ${path.join(dataDir, 'shown.html')}`);
    expect(fs.readFileSync(path.join(dataDir, 'shown.html'), 'utf8')).toMatch(/^<!doctype html>/);

    const report = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testsuite' || name === 'testcase',
    }).parse(fs.readFileSync(junit, 'utf8'));
    const suites = report.testsuites.testsuite as {
      name: string;
      tests: string;
      failures: string;
      errors: string;
      testcase: { name: string; failure?: { '#text'?: string; message: string }; error?: unknown; skipped?: unknown }[];
    }[];
    expect(suites).toHaveLength(6);
    expect(Number(report.testsuites.tests)).toBe(30);
    for (const suite of suites)
      expect(suite.testcase.map((c) => c.name).sort()).toEqual([
        'DESIGN_VALIDATION_JSON',
        'ENGAGEMENT_RUBRIC_JSON',
        'USER_INPUT_SECURITY',
        'VISUAL_RUBRIC_JSON',
        'VISUAL_VALIDATION_JSON',
      ]);
    const tiny = suites.find((s) => s.name.includes('defect-tiny-text'))!;
    const visual = tiny.testcase.find((c) => c.name === 'VISUAL_VALIDATION_JSON')!;
    expect(visual.failure?.message).toMatch(/^FAIL \d+\/100/);
    expect(visual.failure?.['#text']).toMatch(/\[MEDIUM\] unreadable_text @ 00:01\.\d at the bottom: Text at the bottom/);
    expect(suites.find((s) => s.name.includes('clean-summary'))!.failures).toBe('0');
    expect(Number(report.testsuites.failures)).toBe(suites.reduce((n, s) => n + Number(s.failures), 0));

    const lines = fs.readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'animation,pipeline_run_id,overall_status,kind,status,score,max_score,issues,high_issues,worst_issue,worst_issue_at,note',
    );
    expect(lines).toHaveLength(1 + 30);
    expect(lines.find((l) => l.includes('defect-tiny-text') && l.includes('VISUAL_VALIDATION_JSON'))).toMatch(
      /,FAIL,VISUAL_VALIDATION_JSON,FAIL,\d+,100,1,0,"?MEDIUM unreadable_text: Text at the bottom/,
    );

    const json = await evals(['run', batchDir, '--json', '--quiet', '--fail-on', 'never']);
    expect(json.code).toBe(0);
    const objects = json.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; evalPipelineRun: unknown });
    expect(objects.map((o) => path.basename(o.file)).sort()).toEqual(['clean-summary.mp4', 'defect-tiny-text.mp4']);
    for (const o of objects) PipelineRunResponseSchema.parse({ evalPipelineRun: o.evalPipelineRun });
  });
});

describe('operator mistakes', () => {
  it('names DATABASE_URL and the host it cannot reach, never the password', async () => {
    const unreachable = await evals(['migrate'], { DATABASE_URL: 'postgres://evals:hunter2-secret@nonexistent.invalid:5432/evals' });
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr).toMatch(
      /DATABASE_URL: cannot connect to PostgreSQL at nonexistent\.invalid:5432 \(database evals\): .*ENOTFOUND/,
    );
    expect(unreachable.stderr).not.toContain('hunter2-secret');
    // Not a URL: pg would read it relative to postgres://base and look up the host "base".
    const malformed = await evals(['migrate'], { DATABASE_URL: 'localhost:5432/evals' });
    expect(malformed.code).toBe(4);
    expect(malformed.stderr).toMatch(/invalid configuration: DATABASE_URL: must be a PostgreSQL URL/);
    expect(malformed.stderr).not.toMatch(/Invalid URL|ENOTFOUND base/);
  });

  it('names TEMPORAL_ADDRESS and the address when Temporal cannot be reached', async () => {
    const address = `127.0.0.1:${await freePort()}`;
    const result = await evals(['trigger', '--fragment-id', 'f', '--project-id', 'p', '--user-id', 'u'], { TEMPORAL_ADDRESS: address });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`TEMPORAL_ADDRESS: cannot connect to Temporal at ${address} (namespace default)`);
  });

  it('refuses TLS files that are not regular files (a device, a FIFO) with exit 4 naming the variable, without reading them', async () => {
    const fifo = path.join(dataDir, 'server-ca.fifo');
    execFileSync('mkfifo', [fifo]);
    const cases: [Record<string, string>, RegExp][] = [
      [
        { TEMPORAL_TLS_CLIENT_CERT_PATH: '/dev/zero', TEMPORAL_TLS_CLIENT_KEY_PATH: '/dev/zero' },
        /invalid configuration: TEMPORAL_TLS_CLIENT_CERT_PATH: cannot read \/dev\/zero: it is a device/,
      ],
      [
        { TEMPORAL_TLS_SERVER_CA_CERT_PATH: fifo },
        /invalid configuration: TEMPORAL_TLS_SERVER_CA_CERT_PATH: cannot read .*server-ca\.fifo: it is a FIFO/,
      ],
    ];
    for (const [variables, message] of cases) {
      // Bounded: reading /dev/zero or opening a FIFO would never end; the check answers within a second or two.
      const result = await evals(['worker'], { TEMPORAL_ADDRESS: '127.0.0.1:7233', ...variables }, 30_000);
      expect(result.code, result.stderr).toBe(4);
      expect(result.stderr).toMatch(message);
    }
  });

  it('prints the migrations it applied on a fresh database, then that it is up to date', async () => {
    const name = `evals_test_migrate_${Date.now()}`;
    await ensureDatabase(inject('pgAdminUrl'), name);
    const url = inject('pgAdminUrl').replace(/\/[^/]*$/, `/${name}`);
    const first = await evals(['migrate'], { DATABASE_URL: url });
    expect(first.code, first.stderr).toBe(0);
    const files = fs
      .readdirSync(path.join(PROJECT_ROOT, 'src', 'db', 'migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(first.stderr).toContain(`applied ${files.join(', ')}`);
    const second = await evals(['migrate'], { DATABASE_URL: url });
    expect(second.stderr).toContain('database is up to date');
  });

  it('warns at start about contradictory settings, naming both variables', async () => {
    const worker = await spawnWorker(env, { EVALS_SHUTDOWN_GRACE_SECONDS: '10', EVALS_DOWNLOAD_STALL_SECONDS: '200' });
    const warnings = worker
      .output()
      .split('\n')
      .filter((line) => line.includes('"contradictory settings"'))
      .map((line) => (JSON.parse(line) as { warning: string }).warning);
    expect(warnings).toEqual([
      expect.stringMatching(/^EVALS_SHUTDOWN_GRACE_SECONDS \(10 s\) is not longer than the longest activity timeout \(600 s\)/),
      expect.stringMatching(/^EVALS_DOWNLOAD_STALL_SECONDS \(200 s\) is not below EVALS_DOWNLOAD_TIMEOUT_SECONDS \(120 s\)/),
    ]);
    worker.kill('SIGKILL');
  });
});
