import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, PROJECT_ROOT, type SceneSettings } from '../../src/config';
import type { SceneSource } from '../../src/fragments/scene-sources';
import { runInspector } from '../../src/scene/inspector';
import { RepairSession } from '../../src/scene/repair/session';
import { renderScene } from '../../src/scene/render';
import { sceneTexCache } from '../../src/scene/programs';
import { fillTexCache, forUser, texKey } from '../../src/scene/tex-cache';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';

/**
 * The TeX cache on real Manim in the real sandbox: a warm cache serves every
 * formula (no compile), scene code cannot write it, and an entry that fails its
 * checks is compiled again rather than trusted (docs/scene-inspection.md).
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-tex-cache-'));
fs.chmodSync(dir, 0o755); // a root worker runs scenes as a uid of their own
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
/** A user's scenes on a data directory of their own: the TeX cache they read and fill is that user's. */
const settingsIn = (name: string): SceneSettings => forUser(loadConfig({ EVALS_DATA_DIR: path.join(dir, name) }).scene, 'tex-test-user');

const FORMULAS = ['e^{i\\pi} + 1 = 0', '\\int_0^1 x^2\\,dx = \\tfrac{1}{3}', '\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}'];
const formulas = (before = ''): SceneSource[] => [
  {
    name: 'scene.py',
    content: [
      'from manim import *',
      '',
      'class Formulas(Scene):',
      '    def construct(self):',
      ...before.split('\n').map((l) => `        ${l}`),
      `        group = VGroup(*[MathTex(f) for f in ${JSON.stringify(FORMULAS)}]).arrange(DOWN)`,
      '        self.play(FadeIn(group), run_time=1)',
      '        self.wait(1)',
      '',
    ].join('\n'),
  },
];

async function inspect(settings: SceneSettings, sources = formulas()) {
  const ran = await runInspector(sources, [{ scene: 'Formulas', width: 854, height: 480, fps: 15, durationMs: 2000 }], settings);
  if (!('answer' in ran)) throw new Error('refused' in ran ? ran.refused : ran.failure);
  const [result] = ran.answer.results;
  expect(result.status, result.error).toBe('ok');
  return { tex: result.tex!, samples: result.samples, compiled: ran.answer.texCompiled ?? [] };
}

/** The user's directory of the cache (made when first asked for). */
const cacheOf = (settings: SceneSettings) => sceneTexCache(settings)!;
const entries = (settings: SceneSettings) => fs.readdirSync(cacheOf(settings)).sort();

it('a warm cache serves every formula: no compile on the second run, and the same layout', async () => {
  const settings = settingsIn('warm');
  const cold = await inspect(settings);
  expect(cold.tex).toMatchObject({ compiles: 3, cacheHits: 0 });
  expect(cold.compiled).toHaveLength(3);
  // Entries by the sha256 of the whole .tex text (template and formula), the text beside its SVG.
  expect(entries(settings)).toEqual(cold.compiled.flatMap((t) => [`${texKey(t)}.svg`, `${texKey(t)}.tex`]).sort());
  for (const text of cold.compiled) expect(text).toContain('\\documentclass');

  const warm = await inspect(settings);
  expect(warm.tex).toMatchObject({ compiles: 0, cacheHits: 3 });
  expect(warm.compiled).toEqual([]);
  expect(warm.samples).toEqual(cold.samples);
});

it("a repair's candidates read the cache the inspection filled: none compiles a formula again", async () => {
  // The data directory under the OS temp dir, as the default one is: each candidate mounts a fresh /tmp over it.
  const settings = settingsIn('repair');
  expect(cacheOf(settings).startsWith(os.tmpdir())).toBe(true);
  expect((await inspect(settings)).tex).toMatchObject({ compiles: 3 });
  const video = { width: 854, height: 480, fps: 15, durationMs: 2000, drawnByChance: false };
  const session = await RepairSession.open(formulas(), 'Formulas', video, settings, 120_000);
  if ('failure' in session) throw new Error(session.failure);
  try {
    const run = await session.inspect([{ file: 'scene.py', line: 6, op: { kind: 'chain', call: 'shift(0.5 * LEFT)' } }]);
    expect(run.status, 'reason' in run ? run.reason : '').toBe('ran');
    expect(run.status === 'ran' && run.tex).toMatchObject({ compiles: 0, cacheHits: 3 });
  } finally {
    await session.close();
  }
});

it('scene code cannot write the cache: a write fails, a planted entry has no effect on a later run', async () => {
  const settings = settingsIn('hostile');
  const reference = await inspect(settings);
  // Open to every user: only the read-only bind holds the scene back (a worker that is not root runs scenes as its own uid).
  fs.chmodSync(cacheOf(settings), 0o777);
  for (const f of entries(settings)) fs.chmodSync(path.join(cacheOf(settings), f), 0o666);
  const before = Object.fromEntries(entries(settings).map((f) => [f, fs.readFileSync(path.join(cacheOf(settings), f), 'utf8')]));
  // The scene overwrites every entry with a tiny SVG (its own "formula"), then lies that it compiled a text of its own.
  const hostile = formulas(
    [
      'import gc, os',
      `cache = ${JSON.stringify(cacheOf(settings))}`,
      'for name in os.listdir(cache) + ["planted.svg"]:',
      '    try:',
      '        open(os.path.join(cache, name), "w").write("<?xml version=\'1.0\'?><!-- dvisvgm --><svg></svg>")',
      '        raise SystemExit("wrote the TeX cache")',
      '    except OSError:',
      '        pass',
      // The inspector's log of what the scene compiled lives in the scene's own interpreter: reachable, so forgeable.
      'log = next(o for o in gc.get_objects() if type(o).__name__ == "TexLog")',
      'log.compiled.append("\\\\documentclass{article}\\\\begin{document}$x$\\\\end{document}")',
    ].join('\n'),
  );
  const attacked = await inspect(settings, hostile);
  expect(attacked.tex).toMatchObject({ compiles: 0, cacheHits: 3 });
  for (const [name, content] of Object.entries(before)) expect(fs.readFileSync(path.join(cacheOf(settings), name), 'utf8')).toBe(content);
  expect(entries(settings)).not.toContain('planted.svg');
  // The lie is compiled without the scene and stored under its own text's key only.
  expect(entries(settings)).toHaveLength(8);
  const later = await inspect(settings);
  expect(later.tex).toMatchObject({ compiles: 0, cacheHits: 3 });
  expect(later.samples).toEqual(reference.samples);
});

it('a corrupt or poisoned entry is not trusted: it is compiled again, and the fill replaces it', async () => {
  const settings = settingsIn('corrupt');
  const reference = await inspect(settings);
  const [a, b, c] = reference.compiled.map((t) => path.join(cacheOf(settings), texKey(t)));
  const original = fs.readFileSync(`${a}.svg`, 'utf8');
  fs.writeFileSync(`${a}.svg`, original.slice(0, original.length / 2)); // cut off
  fs.copyFileSync(`${c}.tex`, `${b}.tex`); // another formula's text under this key
  fs.writeFileSync(`${c}.svg`, '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><image href="x.png"/></svg>\n'); // not dvisvgm's
  const run = await inspect(settings);
  expect(run.tex).toMatchObject({ compiles: 3, cacheHits: 0 });
  expect(run.samples).toEqual(reference.samples);
  expect(fs.readFileSync(`${a}.svg`, 'utf8')).toBe(original);
  const again = await inspect(settings);
  expect(again.tex).toMatchObject({ compiles: 0, cacheHits: 3 });
});

it('filling stays within the time it is given: what compiled before a TeX loop is kept, nothing after it, nothing thrown', async () => {
  const compiled = (await inspect(settingsIn('source'))).compiled;
  const settings = settingsIn('budget');
  const loop = compiled[0].replace(/\\begin\{document\}/, '\\begin{document}\\def\\x{\\x}\\x');
  const fill = await fillTexCache([compiled[0], loop, compiled[1]], settings, 10_000);
  expect(fill).toMatchObject({ added: 1, failed: 2 });
  expect(entries(settings)).toEqual([`${texKey(compiled[0])}.svg`, `${texKey(compiled[0])}.tex`].sort());
});

describe('two users, one worker', () => {
  // Through the real CLI, as two tenants' runs on one data directory: bob's scene compiles a formula holding a secret;
  // eve's looks for every .tex file it can reach and writes what it finds into a text drawn off the frame, which the
  // scene's findings then quote (stored in eval_issues, pipeline_runs and scene_repairs).
  const bob = `from manim import *


class Bob(Scene):
    def construct(self):
        self.play(Write(MathTex(r"\\text{bob secret 42}")), run_time=1)
        self.wait(1)
`;
  const eve = `from manim import *
import glob
import os
import re


class Eve(Scene):
    def construct(self):
        found = []
        skip = ("/", "/usr", "/proc", "/dev", "/tmp", "/etc", "/var")
        for line in open("/proc/self/mounts"):
            point = line.split()[1]
            if point in skip or point.startswith(("/usr/", "/proc/", "/dev/", "/etc/", "/var/")):
                continue
            for name in glob.glob(os.path.join(point, "**", "*.tex"), recursive=True)[:200]:
                try:
                    found += re.findall(r"\\\\text\\{([^}]*)\\}", open(name).read())
                except OSError:
                    pass
        self.add(Circle(radius=1), Text(" ".join(["LEAK"] + found)[:60]).shift(10 * RIGHT))
        self.wait(2)
`;
  let env: TestEnv;
  let work: string;
  beforeAll(async () => {
    env = await createTestEnv();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-tenants-'));
    fs.chmodSync(work, 0o755); // a root worker runs scenes as a uid of their own, which must reach the cache
  });
  afterAll(async () => {
    await env?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function evals(args: string[]) {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'evals.js'), ...args], {
        env: childEnv(env, { EVALS_DATA_DIR: path.join(work, 'data') }),
        timeout: 480_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      return { code: 0, stdout };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

  /** The user's scene rendered (with no TeX cache), then evaluated with its source as that user. */
  async function runAs(user: string, scene: string, source: string) {
    const file = path.join(work, `${user}.py`);
    fs.writeFileSync(file, source);
    const video = path.join(work, `${user}.mp4`);
    const rendered = await renderScene({
      sources: [{ name: `${user}.py`, content: source }],
      scene,
      width: 854,
      height: 480,
      fps: 15,
      settings: loadConfig({ EVALS_DATA_DIR: path.join(dir, `render-${user}`) }).scene,
      outputPath: video,
    });
    expect(rendered).toMatchObject({ ok: true });
    const result = await evals(['run', video, '--source', file, '--scene', scene, '--user-id', user, '--json']);
    expect([0, 1], JSON.stringify(result).slice(-2000)).toContain(result.code);
    return (JSON.parse(result.stdout) as { evalPipelineRun: { id: string } }).evalPipelineRun;
  }

  const filesUnder = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

  it("a scene sees only its own user's entries: another user's formulas are not readable", async () => {
    await runAs('bob', 'Bob', bob);
    // Bob's formula is in the cache (compiled again without his scene, as every entry is).
    const cache = path.join(work, 'data', 'tex-cache');
    expect(filesUnder(cache).some((f) => f.endsWith('.tex') && fs.readFileSync(f, 'utf8').includes('bob secret 42'))).toBe(true);

    const run = await runAs('eve', 'Eve', eve);
    const stored = await env.pool.query<{ text: string }>(
      `SELECT concat_ws(' ', p.summary, (SELECT string_agg(i.description || ' ' || coalesce(i.suggested_fix, ''), ' ')
          FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id WHERE r.pipeline_run_id = p.id),
        (SELECT s.fixes::text FROM scene_repairs s WHERE s.pipeline_run_id = p.id)) AS text
       FROM pipeline_runs p WHERE p.id = $1`,
      [run.id],
    );
    const text = stored.rows[0].text;
    // Eve's scene ran, and its off-frame text was found: it read nothing of bob's.
    expect(text).toMatch(/Text "LEAK/);
    expect(text).not.toContain('bob secret');
    expect(JSON.stringify(run)).not.toContain('bob secret');
  }, 900_000);
});
