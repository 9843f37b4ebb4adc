/**
 * Precision and recall of the local judge on the project's labelled sets.
 *
 *   npm run bench:local
 *
 * Synthetic animations: a labelled defect counts as found when an issue of its
 * kind and category has a frame hint within 1 s of the truth; any other issue
 * is a false positive. Labelled Manim corpora (corpus/manim, corpus/manim-holdout,
 * corpus/manim-traps; their labelled sets, labels.json), each at 480p15, 720p30
 * and 1080p60: a planted defect counts as found when a MEDIUM or HIGH issue of
 * an expected kind and category has a frame hint within the set's tolerance
 * (1 s) of the defect's window; any other MEDIUM or HIGH issue is a false
 * positive (the calibration metrics' rules, docs/calibration.md); then each
 * corpus at 480p15 with its scenes' sources inspected, beside the pixels alone
 * (needs `npx evals setup --manim`). User inputs:
 * an injection counts as found when it gets an issue of
 * its category; any issue on a benign request is a false positive. Also the
 * wall time of one pipeline's local analysis at 480p and 1080p.
 */
import { upscaledTo1080p } from '../testkit/videos';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { LOCAL_MODEL, localVerdict } from '../src/analyzers/scoring';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { KINDS } from '../src/kinds';
import { extractFrames } from '../src/media/extract';
import { buildManifest } from '../src/media/manifest';
import { FLASHING_SET, flashingMistake, judgeFlashing } from '../testkit/flashing-set';
import { LABELLED_ANIMATIONS, LABELLED_INPUTS } from '../testkit/labelled';
import { FRAME_KINDS, issueMs, judgeVideoLocally, type LocalResults } from '../testkit/local-judge';
import {
  corpusFile,
  LABELLED_CORPORA,
  MANIM_CORPUS,
  QUALITIES,
  scoreCorpusVideo,
  type Corpus,
  type CorpusVideo,
  type Quality,
} from '../testkit/manim-corpus';
import { inspectCorpus, withScene, type InspectedCorpus } from '../testkit/scene-corpus';
import { runMain } from '../testkit/offline-env';

const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

async function animations(workDir: string) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  console.log('animation        found / labelled  false positives');
  for (const animation of LABELLED_ANIMATIONS) {
    const results = await judgeVideoLocally(animation.file(), config, workDir);
    const issues = FRAME_KINDS.flatMap((kind) => results.get(kind)!.issues.map((i) => ({ ...i, kind })));
    const unmatched = [...issues];
    let found = 0;
    for (const d of animation.defects) {
      const hit = unmatched.findIndex((i) => i.kind === d.kind && i.category === d.category && Math.abs(issueMs(i) - d.atMs) <= 1000);
      if (hit >= 0) {
        found++;
        unmatched.splice(hit, 1);
      }
    }
    tp += found;
    fn += animation.defects.length - found;
    fp += unmatched.length;
    const extra = unmatched.map((i) => `${i.kind}/${i.category}@${i.frameHint}`).join(', ') || '-';
    console.log(`${animation.name.padEnd(16)} ${String(found).padStart(5)} / ${String(animation.defects.length).padEnd(10)} ${extra}`);
  }
  console.log(
    `animations: precision ${pct(ratio(tp, tp + fp))} (${tp}/${tp + fp}), recall ${pct(ratio(tp, tp + fn))} (${tp}/${tp + fn})\n`,
  );
}

interface CategoryCount {
  tp: number;
  fp: number;
  fn: number;
}
const recallOf = (s: CategoryCount) => `${pct(ratio(s.tp, s.tp + s.fn))} (${s.tp}/${s.tp + s.fn})`;
const precisionOf = (s: CategoryCount) => `${pct(ratio(s.tp, s.tp + s.fp))} (${s.tp}/${s.tp + s.fp})`;

/** A judge's results on a labelled corpus, counted per category by the rules above. */
class CorpusTally {
  readonly byCategory = new Map<string, CategoryCount>();
  found = 0;
  defects = 0;
  clean = 0;
  cleanSerious = 0;
  cleanLow = 0;
  readonly misses: string[] = [];

  add(video: CorpusVideo, results: LocalResults): void {
    const score = scoreCorpusVideo(video, results);
    for (const i of score.falsePositives) this.stat(i.category).fp++;
    if (video.defect === null) {
      this.clean++;
      this.cleanSerious += score.falsePositives.length;
      this.cleanLow += FRAME_KINDS.reduce((n, kind) => n + results.get(kind)!.issues.filter((i) => i.severity === 'LOW').length, 0);
      for (const i of score.falsePositives)
        this.misses.push(`${video.file}: ${i.severity} ${i.category} @ ${i.frameHint} on a clean scene`);
      return;
    }
    this.defects++;
    if (score.found) {
      this.found++;
      this.stat(score.found.category).tp++;
    } else {
      this.stat(video.labels.expect[0].categories[0]).fn++;
      const why = score.named
        ? ` (named at ${score.named.frameHint}, outside its window)`
        : score.noted
          ? ` (only a LOW note at ${score.noted.frameHint})`
          : '';
      this.misses.push(`${video.file}: missed ${video.defect}${why}`);
    }
  }

  stat(category: string): CategoryCount {
    return this.byCategory.get(category) ?? this.byCategory.set(category, { tp: 0, fp: 0, fn: 0 }).get(category)!;
  }

  get totals(): string {
    return `defects found (MEDIUM or HIGH, within 1 s of their window) ${this.found}/${this.defects} (${pct(ratio(this.found, this.defects))}); MEDIUM/HIGH issues on the ${this.clean} clean scenes: ${this.cleanSerious} (LOW notes: ${this.cleanLow})`;
  }
}

const corpusTitle = (corpus: Corpus) => {
  const defects = corpus.videos.filter((v) => v.defect !== null).length;
  return `${corpus.videos.length} real Manim renders: ${corpus.videos.length - defects} clean, ${defects} with one planted defect; ${corpus.role}`;
};

/** How the local judge did on one labelled corpus at one quality; returns each video's results. */
async function manimCorpus(corpus: Corpus, quality: Quality, workDir: string): Promise<Map<string, LocalResults>> {
  const tally = new CorpusTally();
  const judged = new Map<string, LocalResults>();
  for (const video of corpus.videos) {
    const results = await judgeVideoLocally(corpusFile(corpus, video, quality), config, workDir);
    tally.add(video, results);
    judged.set(video.file, results);
  }
  console.log(`corpus/${corpus.name} at ${quality} (${corpusTitle(corpus)})`);
  console.log('category          recall            precision');
  for (const [category, s] of [...tally.byCategory].sort())
    console.log(`${category.padEnd(17)} ${recallOf(s).padEnd(17)} ${precisionOf(s)}`);
  console.log(tally.totals);
  for (const m of tally.misses) console.log(`  ${m}`);
  console.log('');
  return judged;
}

/**
 * A labelled corpus judged as the pipeline judges a fragment that comes with
 * its source (480p15): every scene inspected in the real sandbox, the scene the
 * authority on geometry (the pixels' guesses there set aside), the pixels on
 * the signal categories; per category beside the pixels alone.
 */
async function withSources(corpus: Corpus, pixelResults: ReadonlyMap<string, LocalResults>) {
  let inspected: InspectedCorpus;
  try {
    inspected = await inspectCorpus(corpus, config);
  } catch (err) {
    console.log(
      `corpus/${corpus.name} with its sources: not measured, ${err instanceof Error ? err.message : String(err)} (npx evals setup --manim)\n`,
    );
    return;
  }
  const pixels = new CorpusTally();
  const scene = new CorpusTally();
  for (const video of corpus.videos) {
    const judged = pixelResults.get(video.file)!;
    pixels.add(video, judged);
    const timeline = inspected.timelines.get(video.file);
    if (!timeline) {
      scene.add(video, judged);
      scene.misses.push(`${video.file}: not inspected (${inspected.failures.get(video.file)}), judged from pixels`);
      continue;
    }
    scene.add(video, withScene(judged, timeline, inspected.manifests.get(video.file)!));
  }
  console.log(
    `corpus/${corpus.name} at 480p15 with its sources (${corpusTitle(corpus)}; inspection ${(inspected.wallMs / 1000).toFixed(1)} s wall, ${inspected.cpuSeconds.toFixed(1)} s CPU for ${corpus.videos.length} scenes)`,
  );
  console.log('category          pixels alone: recall  precision         with sources: recall  precision');
  const categories = [...new Set([...pixels.byCategory.keys(), ...scene.byCategory.keys()])].sort();
  for (const category of categories) {
    const p = pixels.stat(category);
    const s = scene.stat(category);
    console.log(
      `${category.padEnd(17)} ${recallOf(p).padEnd(21)} ${precisionOf(p).padEnd(17)} ${recallOf(s).padEnd(21)} ${precisionOf(s)}`,
    );
  }
  console.log(`pixels alone: ${pixels.totals}`);
  console.log(`with sources: ${scene.totals}`);
  for (const m of scene.misses) console.log(`  ${m}`);
  console.log('');
}

/** A video's MEDIUM/HIGH findings (kind, category, severity), to compare qualities. */
const seriousFindings = (results: LocalResults) =>
  [
    ...new Set(
      FRAME_KINDS.flatMap((kind) =>
        results
          .get(kind)!
          .issues.filter((i) => i.severity !== 'LOW')
          .map((i) => `${kind}/${i.category}/${i.severity}`),
      ),
    ),
  ]
    .sort()
    .join(' ');

/** A corpus at every quality, and whether each video gets the same MEDIUM/HIGH findings at each; returns the 480p15 results. */
async function acrossQualities(corpus: Corpus, workDir: string): Promise<Map<string, LocalResults>> {
  const judged: Map<string, LocalResults>[] = [];
  for (const quality of QUALITIES) judged.push(await manimCorpus(corpus, quality, workDir));
  const perQuality = judged.map((q) => new Map([...q].map(([file, results]) => [file, seriousFindings(results)])));
  const differ = corpus.videos.filter((v) => perQuality.some((q) => q.get(v.file) !== perQuality[0].get(v.file)));
  console.log(
    `corpus/${corpus.name}: the same MEDIUM/HIGH findings (kind, category, severity) at ${QUALITIES.join(', ')}: ${corpus.videos.length - differ.length}/${corpus.videos.length} videos`,
  );
  for (const v of differ) console.log(`  ${v.file}: ${QUALITIES.map((q, k) => `${q} ${perQuality[k].get(v.file) || 'none'}`).join('; ')}`);
  console.log('');
  return judged[QUALITIES.indexOf('480p15')];
}

/**
 * The labelled flashing set (testkit/flashing-set.ts): a flashing case counts as
 * found when its one finding has the right severity, red or not, starts within
 * 0.5 s and sits in the right place; any finding on a case that should pass,
 * or a second finding, is a false positive.
 */
async function flashingSet(workDir: string) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  console.log(`flashing set (${FLASHING_SET.length} synthetic cases, ${FLASHING_SET.filter((c) => c.expect).length} that must fail)`);
  for (const c of FLASHING_SET) {
    const found = await judgeFlashing(c, config, workDir);
    const mistake = flashingMistake(c, found);
    if (c.expect && !mistake) tp++;
    else if (c.expect) fn++;
    fp += c.expect ? Math.max(0, found.length - 1) + (mistake && found.length ? 1 : 0) : found.length;
    const got = found.map((f) => `${f.severity}${f.red ? ' red' : ''} @ ${(f.atMs / 1000).toFixed(2)} s`).join(', ') || 'none';
    console.log(`  ${mistake ? 'WRONG' : 'right'}  ${c.name.padEnd(20)} ${got}${mistake ? ` (${mistake})` : ''}`);
  }
  console.log(`flashing: precision ${pct(ratio(tp, tp + fp))} (${tp}/${tp + fp}), recall ${pct(ratio(tp, tp + fn))} (${tp}/${tp + fn})\n`);
}

/** Wall time of the local analysis of one pipeline: 16 frames measured once, then the four frame kinds' scorers. */
async function analysisTime(workDir: string) {
  const tools = resolveMediaTools(config);
  const source = corpusFile(MANIM_CORPUS, MANIM_CORPUS.videos.find((v) => v.scene === 'CleanSummary')!);
  const big = path.join(workDir, 'summary-1080p.mp4');
  upscaledTo1080p(tools.ffmpeg, source, big);
  const cases = [
    { name: '480p (854x480), frames stored 768 px', file: source, width: '768' },
    { name: '1080p, frames stored 768 px (default)', file: big, width: '768' },
    { name: '1080p, frames stored 1920 px', file: big, width: '1920' },
  ];
  console.log('local analysis of one pipeline (16 frames, 4 frame kinds), wall time, median of 3');
  for (const c of cases) {
    const caseConfig = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '', EVALS_JUDGE_FRAME_WIDTH: c.width });
    const { plan, frames, signal } = await extractFrames(
      c.file,
      tools,
      { media: caseConfig.media, allowLocalFiles: true, workDir, withSignal: true },
      () => undefined,
    );
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      // Fresh keys: the per-worker measure cache must not serve a later run.
      const loaded = frames.map((f) => ({ ...f, key: `${c.name}#${run}#${f.index}` }));
      const manifest = buildManifest(plan, loaded);
      const started = performance.now();
      for (const kind of FRAME_KINDS) {
        const input = { userInput: null, title: null, description: null, durationMs: manifest.durationMs, frameCount: loaded.length };
        await localVerdict({ definition: KINDS[kind], input, frames: loaded, manifest, videoSignal: signal });
      }
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${c.name.padEnd(40)} ${Math.round(times[1])} ms (${frames[0].width}x${frames[0].height} frames)`);
  }
  console.log('');
}

async function inputs() {
  const definition = KINDS.USER_INPUT_SECURITY;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  for (const { text, category } of LABELLED_INPUTS) {
    const input = { userInput: text, title: null, description: null, durationMs: null, frameCount: 0 };
    const { issues } = await localVerdict({ definition, input, frames: [], manifest: null, videoSignal: null });
    if (category === null) {
      if (issues.length > 0) {
        fp++;
        misses.push(`false positive: ${text}`);
      }
    } else if (issues.some((i) => i.category === category)) {
      tp++;
    } else {
      fn++;
      misses.push(`missed ${category}: ${text}`);
      if (issues.length > 0) fp++;
    }
  }
  const injections = LABELLED_INPUTS.filter((i) => i.category).length;
  console.log(
    `user inputs (${injections} injections, ${LABELLED_INPUTS.length - injections} benign): precision ${pct(ratio(tp, tp + fp))}, recall ${pct(ratio(tp, tp + fn))}`,
  );
  for (const m of misses) console.log(`  ${m}`);
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-bench-local-'));
  console.log(`local judge ${LOCAL_MODEL}\n`);
  try {
    await animations(workDir);
    const atLowQuality = new Map<Corpus, Map<string, LocalResults>>();
    for (const corpus of LABELLED_CORPORA) atLowQuality.set(corpus, await acrossQualities(corpus, workDir));
    for (const corpus of LABELLED_CORPORA) await withSources(corpus, atLowQuality.get(corpus)!);
    await flashingSet(workDir);
    await analysisTime(workDir);
    await inputs();
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runMain('bench:local', main);
