/**
 * The mathematics and reading-time checks (docs/math-and-reading.md):
 *
 *   npm run bench:math [-- [math | manim-math | manim-math-holdout | manim-math-fresh | manim-math-blind] [docs] [pixels]]     (default: math and docs)
 *
 * 1. The labelled math corpora, the part the rules were tuned on and the held-out part apart: per
 *    category (math_error, pacing) and per planted defect kind, found (an issue of its category at
 *    MEDIUM or above, within the set's tolerance of its window, naming its line) / missed / false
 *    (MEDIUM or above on a clean scene, or beside a scene's one defect); with `pixels`, the
 *    reading-time defects judged from pixels alone too.
 * 2. Formulas: how many the computer algebra system checked and skipped (and why), the CPU per
 *    formula it checked (mean, median, p95, most), and the CAS's start-up per scene.
 * 3. Manim's documentation corpus (its 480p15 renders, `npx tsx scripts/manim-docs.ts render`): the
 *    math_error and pacing findings at MEDIUM or above on its clean scenes (the goal is none), and the
 *    same formula figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import type { ExpectedIssue } from '../src/calibration/labelled-set';
import { atLeast, finds, type JudgedIssue } from '../src/calibration/metrics';
import type { SceneTimeline } from '../src/scene/inspection';
import { FRAME_KINDS, judgeVideoLocally, type LocalResults } from '../testkit/local-judge';
import { corpusFile, mathCorpora, type Corpus, type CorpusVideo } from '../testkit/manim-corpus';
import { docsFile, loadDocsCorpus } from '../testkit/manim-docs';
import { inspectCorpus, sceneResults } from '../testkit/scene-corpus';
import { runMain } from '../testkit/offline-env';

const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-bench-math-'));
const CATEGORIES = new Set(['math_error', 'pacing']);

/** The math and reading findings of a video's judged results, as the calibration metrics read issues. */
type Issue = JudgedIssue & { description: string; frameHint: string | null };

const judged = (results: LocalResults): Issue[] =>
  FRAME_KINDS.flatMap((kind) =>
    results
      .get(kind)!
      .issues.filter((i) => CATEGORIES.has(i.category))
      .map((i) => ({ ...i, kind, atMs: i.timestampMs ?? null })),
  );

/** Found: in its window, at its severity, and naming the line the label gives. */
const foundBy = (issues: readonly Issue[], e: ExpectedIssue, tolerance: number) =>
  issues.find((i) => finds(i, e, tolerance) && (e.line === null || new RegExp(`\\bline ${e.line}\\b`).test(i.description)));

class Tally {
  found = 0;
  missed: string[] = [];
  wrongLine: string[] = [];
  false: string[] = [];
  clean = 0;
  readonly byDefect = new Map<string, { found: number; total: number }>();

  add(video: CorpusVideo, issues: readonly Issue[]): void {
    const { expect, toleranceSeconds, countFrom } = video.labels;
    const counted = issues.filter((i) => atLeast(i.severity, countFrom));
    const trueOnes = new Set<Issue>();
    for (const e of expect) {
      const kind = defectKind(video);
      const entry = this.byDefect.get(kind) ?? { found: 0, total: 0 };
      entry.total++;
      const hit = foundBy(counted, e, toleranceSeconds);
      if (hit) {
        this.found++;
        entry.found++;
        trueOnes.add(hit);
      } else {
        const near = counted.find((i) => finds(i, e, toleranceSeconds));
        if (near) {
          trueOnes.add(near);
          this.wrongLine.push(`${video.animation.id}: found, but not naming line ${e.line}: ${near.description.slice(0, 140)}`);
        } else this.missed.push(`${video.animation.id} (${e.categories.join('/')} at ${e.window?.join('-')} s, line ${e.line})`);
      }
      this.byDefect.set(kind, entry);
    }
    if (expect.length === 0) this.clean++;
    for (const i of counted)
      if (!trueOnes.has(i))
        this.false.push(`${video.animation.id}: ${i.severity} ${i.category} @ ${i.frameHint}: ${i.description.slice(0, 160)}`);
  }
}

/** A defect's kind for the table: its category, and the first word of its name after the corpus prefix. */
const defectKind = (video: CorpusVideo) => `${video.labels.expect[0]?.categories[0] ?? 'clean'}: ${video.defect ?? video.animation.id}`;

class Formulas {
  checked = 0;
  wrong = 0;
  skipped = 0;
  readonly why = new Map<string, number>();
  readonly cpuMs: number[] = [];
  startCpu = 0;
  scenes = 0;
  spent = 0;

  add(timeline: SceneTimeline): void {
    const math = timeline.math;
    if (!math) return;
    this.scenes++;
    this.startCpu += math.startCpuSeconds ?? 0;
    if (math.budgetSpent) this.spent++;
    for (const v of [...math.formulas, ...math.steps]) {
      if (v.status === 'skipped') {
        this.skipped++;
        const reason = (v.why ?? '')
          .replace(/\(.*\)/, '')
          .replace(/\\\w+/g, '\\…')
          .trim();
        this.why.set(reason, (this.why.get(reason) ?? 0) + 1);
      } else {
        this.checked++;
        if (v.status === 'wrong') this.wrong++;
      }
      if (v.status !== 'skipped' || v.cpuMs !== undefined) this.cpuMs.push(v.cpuMs ?? 0);
    }
  }

  print(): void {
    const claims = this.checked + this.skipped;
    const sorted = [...this.cpuMs].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
    console.log(
      `  formulas and steps: ${claims} (${this.checked} checked = ${pct(this.checked, claims)}, ${this.wrong} wrong; ${this.skipped} skipped)`,
    );
    console.log(
      `  CAS CPU per formula read: mean ${mean.toFixed(1)} ms, median ${at(0.5).toFixed(1)}, p95 ${at(0.95).toFixed(1)}, most ${(sorted.at(-1) ?? 0).toFixed(1)} (${sorted.length} read); start-up ${(this.startCpu / Math.max(1, this.scenes)).toFixed(2)} s per scene with a claim; budget spent in ${this.spent} scene(s)`,
    );
    const reasons = [...this.why].sort((a, b) => b[1] - a[1]).slice(0, 12);
    for (const [why, n] of reasons) console.log(`    skipped ${String(n).padStart(5)}  ${why}`);
  }
}

const pct = (a: number, b: number) => `${b ? Math.round((a / b) * 100) : 0}%`;

async function labelled(corpus: Corpus, pixels: boolean): Promise<void> {
  const started = Date.now();
  const inspected = await inspectCorpus(corpus, config);
  const tally = new Tally();
  const formulas = new Formulas();
  for (const video of corpus.videos) {
    const timeline = inspected.timelines.get(video.file);
    if (!timeline) {
      tally.missed.push(`${video.animation.id}: not inspected (${inspected.failures.get(video.file)})`);
      continue;
    }
    formulas.add(timeline);
    tally.add(video, judged(sceneResults(timeline, inspected.manifests.get(video.file)!)));
  }
  const defects = corpus.videos.filter((v) => v.defect !== null).length;
  console.log(`\n${corpus.name} (${corpus.role}): ${corpus.videos.length} scenes, ${defects} with one defect, ${tally.clean} clean`);
  for (const category of CATEGORIES) {
    const rows = [...tally.byDefect].filter(([k]) => k.startsWith(category));
    const found = rows.reduce((s, [, v]) => s + v.found, 0);
    const total = rows.reduce((s, [, v]) => s + v.total, 0);
    const falses = tally.false.filter((f) => f.includes(` ${category} @`)).length;
    console.log(`  ${category.padEnd(10)} found ${found}/${total}, missed ${total - found}, false ${falses}`);
  }
  const kinds = new Map<string, { found: number; total: number }>();
  for (const [key, v] of tally.byDefect) {
    const kind = key.replace(/^[a-z_]+: /, '');
    const entry = kinds.get(kind) ?? { found: 0, total: 0 };
    kinds.set(kind, { found: entry.found + v.found, total: entry.total + v.total });
  }
  console.log(
    `  by defect: ${[...kinds]
      .sort()
      .map(([k, v]) => `${k} ${v.found}/${v.total}`)
      .join(', ')}`,
  );
  for (const m of tally.missed) console.log(`    missed: ${m}`);
  for (const w of tally.wrongLine) console.log(`    wrong line: ${w}`);
  for (const f of tally.false) console.log(`    false: ${f}`);
  formulas.print();
  console.log(`  inspection wall ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (pixels) {
    const brief = corpus.videos.filter((v) => v.labels.expect.some((e) => e.categories.includes('pacing')));
    const fromPixels = new Tally();
    for (const video of [...brief, ...corpus.videos.filter((v) => v.defect === null)]) {
      const results = await judgeVideoLocally(corpusFile(corpus, video), config, workDir);
      fromPixels.add(
        video,
        judged(results).filter((i) => i.category === 'pacing'),
      );
    }
    const found = fromPixels.found;
    console.log(
      `  from pixels alone: reading time found ${found}/${brief.length}, false pacing on clean scenes ${fromPixels.false.filter((f) => f.includes(' pacing @')).length}`,
    );
  }
}

async function docs(): Promise<void> {
  const corpus = loadDocsCorpus();
  const rendered = corpus.videos.filter((v) => fs.existsSync(docsFile(corpus, v, '480p15')));
  if (rendered.length === 0) {
    console.log('\nmanim-docs: no renders (npx tsx scripts/manim-docs.ts render 480p15)');
    return;
  }
  const inspected = await inspectCorpus(corpus, config, rendered);
  const formulas = new Formulas();
  const findings: string[] = [];
  let clean = 0;
  for (const video of rendered) {
    const timeline = inspected.timelines.get(video.file);
    if (!timeline) continue;
    formulas.add(timeline);
    if (video.defect !== null) continue;
    clean++;
    for (const i of judged(sceneResults(timeline, inspected.manifests.get(video.file)!)))
      if (atLeast(i.severity, 'MEDIUM'))
        findings.push(`${video.animation.id}: ${i.severity} ${i.category} @ ${i.frameHint}: ${i.description.slice(0, 160)}`);
  }
  console.log(
    `\nmanim-docs (${corpus.role}): ${inspected.timelines.size} of ${rendered.length} rendered scenes inspected, ${clean} clean; math_error ${findings.filter((f) => f.includes(' math_error @')).length}, pacing ${findings.filter((f) => f.includes(' pacing @')).length} at MEDIUM or above (goal: none)`,
  );
  for (const f of findings) console.log(`    ${f}`);
  formulas.print();
}

runMain('bench:math', async () => {
  const args = process.argv.slice(2);
  const corpora = mathCorpora();
  const named = corpora.filter((c) => args.includes(c.name));
  const want = (name: string) => args.includes(name) || !args.some((a) => a === 'math' || a === 'docs' || named.some((c) => c.name === a));
  for (const corpus of named.length ? named : want('math') ? corpora : []) await labelled(corpus, args.includes('pixels'));
  if (want('docs')) await docs();
  fs.rmSync(workDir, { recursive: true, force: true });
});
