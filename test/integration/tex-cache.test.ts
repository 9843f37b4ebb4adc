import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig, type SceneSettings } from '../../src/config';
import type { SceneSource } from '../../src/fragments/scene-sources';
import { runInspector } from '../../src/scene/inspector';
import { fillTexCache, texKey } from '../../src/scene/tex-cache';

/**
 * The TeX cache on real Manim in the real sandbox: a warm cache serves every
 * formula (no compile), scene code cannot write it, and an entry that fails its
 * checks is compiled again rather than trusted (docs/scene-inspection.md).
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-tex-cache-'));
fs.chmodSync(dir, 0o755); // a root worker runs scenes as a uid of their own
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const settingsIn = (name: string): SceneSettings => loadConfig({ EVALS_DATA_DIR: path.join(dir, name) }).scene;

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

const entries = (settings: SceneSettings) => fs.readdirSync(settings.texCache).sort();

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

it('scene code cannot write the cache: a write fails, a planted entry has no effect on a later run', async () => {
  const settings = settingsIn('hostile');
  const reference = await inspect(settings);
  // Open to every user: only the read-only bind holds the scene back (a worker that is not root runs scenes as its own uid).
  fs.chmodSync(settings.texCache, 0o777);
  for (const f of entries(settings)) fs.chmodSync(path.join(settings.texCache, f), 0o666);
  const before = Object.fromEntries(entries(settings).map((f) => [f, fs.readFileSync(path.join(settings.texCache, f), 'utf8')]));
  // The scene overwrites every entry with a tiny SVG (its own "formula"), then lies that it compiled a text of its own.
  const hostile = formulas(
    [
      'import os, __main__',
      `cache = ${JSON.stringify(settings.texCache)}`,
      'for name in os.listdir(cache) + ["planted.svg"]:',
      '    try:',
      '        open(os.path.join(cache, name), "w").write("<?xml version=\'1.0\'?><!-- dvisvgm --><svg></svg>")',
      '        raise SystemExit("wrote the TeX cache")',
      '    except OSError:',
      '        pass',
      '__main__.TEX_COMPILED.append("\\\\documentclass{article}\\\\begin{document}$x$\\\\end{document}")',
    ].join('\n'),
  );
  const attacked = await inspect(settings, hostile);
  expect(attacked.tex).toMatchObject({ compiles: 0, cacheHits: 3 });
  for (const [name, content] of Object.entries(before)) expect(fs.readFileSync(path.join(settings.texCache, name), 'utf8')).toBe(content);
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
  const [a, b, c] = reference.compiled.map((t) => path.join(settings.texCache, texKey(t)));
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
  fs.mkdirSync(settings.texCache, { recursive: true });
  const loop = compiled[0].replace(/\\begin\{document\}/, '\\begin{document}\\def\\x{\\x}\\x');
  const fill = await fillTexCache([compiled[0], loop, compiled[1]], settings, 10_000);
  expect(fill).toMatchObject({ added: 1, failed: 2 });
  expect(entries(settings)).toEqual([`${texKey(compiled[0])}.svg`, `${texKey(compiled[0])}.tex`].sort());
});
