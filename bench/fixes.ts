/**
 * What scene repair (docs/fixes.md) achieves on the labelled corpora:
 *
 *   npm run bench:fixes [-- CORPUS ...]      (default: every labelled corpus with sources, and
 *                                            manim-docs when its renders are cached: scripts/manim-docs.ts render)
 *
 * Every scene of a corpus is inspected at 480p15 (the renders its labels were
 * checked on) and repaired as the pipeline repairs a run whose scene has layout
 * findings: each such scene is first inspected again alone, as the pipeline
 * inspects one fragment, and that inspection's cost is the repair's budget.
 * Per category:
 * 1. the share of the scene's defects (its issues) with a verified fix;
 * 2. new MEDIUM/HIGH findings: the combined patch inspected again in a fresh
 *    sandboxed run (outside the repair's own session), findings the scene did
 *    not have before, with how many verified fixes were in those patches;
 * 3. every patched defect scene rendered with Manim (renderScene) and the new
 *    video judged as the pipeline judges a fragment with its source (the
 *    pixels, and the scene on geometry): the share whose labelled defect is gone;
 * 4. clean scenes, and scenes whose findings are all LOW, that get a patch (goal: none);
 * 5. the wall time and CPU repair adds to each FAIL run (one with a MEDIUM/HIGH
 *    layout finding), against that run's own inspection: the median ratio
 *    (goal: at most 2) and the worst run, named (goal: at most 60 s).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import type { EvalKind } from '../src/domain/types';
import type { IssueDraft } from '../src/kinds';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { probeVideo } from '../src/media/probe';
import { evenlySpaced } from '../src/media/plan';
import type { SceneSource } from '../src/fragments/scene-sources';
import type { FrameManifest } from '../src/media/manifest';
import { sceneFindings } from '../src/scene/findings';
import { timelineOf, type SceneTimeline } from '../src/scene/inspection';
import { runInspector } from '../src/scene/inspector';
import { renderScene } from '../src/scene/render';
import { repairScene, type SceneRepair } from '../src/scene/repair';
import { repairTargets, TARGET_CATEGORIES } from '../src/scene/repair/rules';
import { forUser } from '../src/scene/tex-cache';
import { judgeVideoLocally, type LocalResults } from '../testkit/local-judge';
import { LABELLED_CORPORA, mathCorpora, scoreCorpusVideo, type Corpus, type CorpusVideo } from '../testkit/manim-corpus';
import { runMain } from '../testkit/offline-env';
import { docsFile, loadDocsCorpus } from '../testkit/manim-docs';
import { inspectCorpus, sceneResults, withScene } from '../testkit/scene-corpus';

const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
const tools = resolveMediaTools(config);
// The corpora's scenes are one tenant of the TeX cache, as testkit/scene-corpus.ts inspects them: warm, as a user's is.
const settings = forUser(config.scene, 'labelled-corpora');

class Category {
  findings = 0;
  verified = 0;
  newFindings = 0;
  /** Verified fixes in a combined patch that showed a new finding. */
  fixesWithNew = 0;
  rendered = 0;
  gone = 0;
  goneFromPixels = 0;

  add(other: Category): void {
    for (const key of Object.keys(this) as (keyof Category)[])
      if (typeof this[key] === 'number') (this[key] as number) += other[key] as number;
  }
}

/** One FAIL run's repair against its own inspection. */
interface FailRun {
  name: string;
  inspectionWallMs: number;
  wallMs: number;
  cpuSeconds: number;
  budgetReached: boolean;
}

interface Totals {
  categories: Map<string, Category>;
  cleanRepaired: number;
  cleanPatched: string[];
  /** Scenes whose layout findings are all LOW (not repaired, as the pipeline does not), and those patched anyway. */
  allLow: number;
  lowPatched: string[];
  fails: FailRun[];
  warmCpuPerCandidate: number[];
  notes: string[];
}

const emptyTotals = (): Totals => ({
  categories: new Map(),
  cleanRepaired: 0,
  cleanPatched: [],
  allLow: 0,
  lowPatched: [],
  fails: [],
  warmCpuPerCandidate: [],
  notes: [],
});

const category = (t: Totals, name: string) => t.categories.get(name) ?? t.categories.set(name, new Category()).get(name)!;

/** A finding recognised across a patch: kind, category and the source lines it names (a patch keeps every line's number). */
const findingKey = (kind: EvalKind, d: IssueDraft) =>
  `${kind}/${d.category}/${[...d.description.matchAll(/\bline (\d+)/g)].map((m) => m[1]).join(',')}`;

function serious(findings: Map<EvalKind, IssueDraft[]>): string[] {
  return [...findings].flatMap(([kind, drafts]) =>
    drafts.filter((d) => TARGET_CATEGORIES.has(d.category) && d.severity !== 'LOW').map((d) => findingKey(kind, d)),
  );
}

/** The frames the pipeline would store for a video: evenly spaced over every frame (as testkit/scene-corpus.ts). */
async function manifestOf(file: string): Promise<FrameManifest> {
  const p = await probeVideo(tools, file, config.media);
  return {
    durationMs: p.durationMs,
    width: p.width,
    height: p.height,
    fps: p.fps,
    frames: evenlySpaced(p.frameTimesMs.length, config.media.maxFrames).map((n, index) => ({
      index,
      timestampMs: Math.round(p.frameTimesMs[n]),
      width: 768,
      height: 432,
      key: `${file}#${index}`,
    })),
  };
}

/** A video's scene sources, named as its labelled set names them (relative to the set's folder). */
function sourcesOf(corpus: Corpus, video: CorpusVideo): SceneSource[] {
  const setDir = path.dirname(corpus.set.file!);
  return video.animation.scene!.sources.map((f) => ({ name: path.relative(setDir, f), content: fs.readFileSync(f, 'utf8') }));
}

/** The scene inspected alone in a fresh sandboxed run, as the pipeline inspects one fragment: its timeline and what that cost. */
async function inspectOne(
  sources: readonly SceneSource[],
  scene: string,
  manifest: FrameManifest,
  still: boolean,
): Promise<{ timeline: SceneTimeline; wallMs: number; cpuSeconds: number } | string> {
  const job = { scene, width: manifest.width, height: manifest.height, fps: manifest.fps ?? 15, durationMs: manifest.durationMs, still };
  const ran = await runInspector(sources, [job], settings);
  if (!('answer' in ran)) return 'refused' in ran ? ran.refused : ran.failure;
  const result = ran.answer.results[0];
  const timeline = result && timelineOf(result, ran.answer.manim ?? null, {});
  if (!timeline) return result?.error ?? ran.answer.error ?? 'no timeline';
  return { timeline, wallMs: ran.wallMs, cpuSeconds: (result.cpuSeconds ?? 0) + (ran.answer.importCpuSeconds ?? 0) };
}

/** The new video judged as the pipeline judges a fragment with its source: pixels, the scene the authority on geometry. */
async function judgeWithScene(
  file: string,
  timeline: SceneTimeline,
  workDir: string,
): Promise<{ merged: LocalResults; pixels: LocalResults }> {
  const pixels = await judgeVideoLocally(file, config, workDir);
  return { merged: withScene(pixels, timeline, await manifestOf(file)), pixels };
}

async function benchCorpus(corpus: Corpus, totals: Totals, workDir: string): Promise<void> {
  const inspected = await inspectCorpus(corpus, config);
  for (const video of corpus.videos) {
    const timeline = inspected.timelines.get(video.file);
    if (!timeline) {
      totals.notes.push(`${corpus.name}/${video.file}: not inspected (${inspected.failures.get(video.file)})`);
      continue;
    }
    const manifest = inspected.manifests.get(video.file)!;
    const findings = sceneFindings(timeline, manifest);
    const layout = [...findings.values()].flat().filter((d) => TARGET_CATEGORIES.has(d.category));
    const targets = repairTargets(layout, (d) => d);
    if (targets.length === 0) {
      if (layout.length > 0) totals.allLow++;
      continue;
    }
    const before = serious(findings);
    const sources = sourcesOf(corpus, video);
    const still = corpus.still?.(video) ?? false;
    // The run's own inspection, alone, as the pipeline inspects a fragment: its cost is the repair's budget.
    const own = await inspectOne(sources, video.scene, manifest, still);
    if (typeof own === 'string') {
      totals.notes.push(`${corpus.name}/${video.file}: not inspected alone (${own})`);
      continue;
    }
    const repair = await repairScene({
      sources,
      scene: video.scene,
      timeline: own.timeline,
      manifest,
      video: { width: manifest.width, height: manifest.height, fps: manifest.fps ?? 15, durationMs: manifest.durationMs },
      settings,
      still,
      inspection: { wallMs: own.wallMs, cpuSeconds: own.cpuSeconds },
    });
    record(corpus, video, repair, own.wallMs, before.length > 0, totals);
    // The defect gone is measured where the scene saw it before.
    if (video.defect === null || scoreCorpusVideo(video, sceneResults(timeline, manifest)).found === null) continue;
    if (repair.combined.verdict !== 'verified' || Object.keys(repair.combined.files).length === 0) continue;
    await checkPatched(corpus, video, repair, sources, before, manifest, totals, workDir);
  }
}

function record(corpus: Corpus, video: CorpusVideo, repair: SceneRepair, inspectionWallMs: number, fails: boolean, totals: Totals): void {
  for (const fix of repair.fixes) {
    const c = category(totals, fix.finding.category);
    c.findings++;
    if (fix.verdict === 'verified') c.verified++;
    else totals.notes.push(`${corpus.name}/${video.file}: ${fix.finding.category} ${fix.verdict}: ${fix.reinspection}`);
  }
  if (video.defect === null) {
    totals.cleanRepaired++;
    if (repair.combined.verdict === 'verified') {
      totals.cleanPatched.push(`${corpus.name}/${video.file}`);
      for (const fix of repair.fixes.filter((f) => f.verdict === 'verified'))
        totals.notes.push(`${corpus.name}/${video.file} (clean): ${fix.finding.severity} ${fix.finding.category} patched: ${fix.change}`);
    }
  }
  if (repair.combined.verdict === 'verified' && repair.fixes.every((f) => f.finding.severity === 'LOW'))
    totals.lowPatched.push(`${corpus.name}/${video.file}`);
  if (fails)
    totals.fails.push({
      name: `${corpus.name}/${video.file}`,
      inspectionWallMs,
      wallMs: repair.wallMs,
      cpuSeconds: repair.cpuSeconds ?? 0,
      budgetReached: repair.budget.reached,
    });
  if (repair.cpuSeconds !== null && repair.candidates > 0)
    totals.warmCpuPerCandidate.push((repair.cpuSeconds - (repair.importCpuSeconds ?? 0)) / repair.candidates);
}

/** The combined patch inspected afresh (new findings), rendered with Manim and judged again (the defect gone). */
async function checkPatched(
  corpus: Corpus,
  video: CorpusVideo,
  repair: SceneRepair,
  sources: readonly SceneSource[],
  before: readonly string[],
  manifest: FrameManifest,
  totals: Totals,
  workDir: string,
): Promise<void> {
  const verified = repair.fixes.filter((f) => f.verdict === 'verified');
  const labelled = video.labels.expect[0]?.categories[0] ?? 'unknown';
  const patched = sources.map((s) => ({ name: s.name, content: repair.combined.files[s.name] ?? s.content }));
  const still = corpus.still?.(video) ?? false;
  const inspected = await inspectOne(patched, video.scene, manifest, still);
  if (typeof inspected === 'string') {
    totals.notes.push(`${corpus.name}/${video.file}: the patched scene did not inspect (${inspected})`);
    return;
  }
  const after = inspected.timeline;
  const fresh = serious(sceneFindings(after, manifest)).filter((k) => !before.includes(k));
  for (const fix of verified) {
    const c = category(totals, fix.finding.category);
    if (fresh.length > 0) c.fixesWithNew++;
  }
  if (fresh.length > 0) {
    category(totals, labelled).newFindings += fresh.length;
    totals.notes.push(`${corpus.name}/${video.file}: new after the patch: ${fresh.join('; ')}`);
  }
  if (still) {
    // renderScene renders animations; a still's patch is judged by its inspection above.
    totals.notes.push(`${corpus.name}/${video.file}: a still, its patched scene not rendered`);
    return;
  }
  const output = path.join(workDir, `${corpus.name}-${video.file}`);
  const rendered = await renderScene({
    sources: patched,
    scene: video.scene,
    width: manifest.width,
    height: manifest.height,
    fps: manifest.fps ?? 15,
    settings,
    outputPath: output,
  });
  if (!rendered.ok) {
    totals.notes.push(`${corpus.name}/${video.file}: the patched scene did not render (${rendered.reason})`);
    return;
  }
  const { merged, pixels } = await judgeWithScene(output, after, workDir);
  const c = category(totals, labelled);
  c.rendered++;
  const remaining = scoreCorpusVideo(video, merged).found;
  if (remaining === null) c.gone++;
  else totals.notes.push(`${corpus.name}/${video.file}: the defect is still found after the patch: ${remaining.description}`);
  if (scoreCorpusVideo(video, pixels).found === null) c.goneFromPixels++;
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${n}/${d} (${Math.round((n / d) * 100)}%)`);
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function print(name: string, t: Totals): void {
  console.log(`\n${name}`);
  console.log(
    'category          defects with a verified fix    new MEDIUM/HIGH findings (verified fixes in those patches)   patched defect scenes rendered: defect gone (from pixels alone)',
  );
  for (const [cat, c] of [...t.categories].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${cat.padEnd(17)} ${pct(c.verified, c.findings).padEnd(29)} ${`${c.newFindings} (${c.fixesWithNew})`.padEnd(60)} ${pct(c.gone, c.rendered)} (${pct(c.goneFromPixels, c.rendered)})`,
    );
  }
  console.log(
    `clean scenes repaired: ${t.cleanRepaired}, patched: ${t.cleanPatched.length}${t.cleanPatched.length ? ` (${t.cleanPatched.join(', ')})` : ''}; scenes whose findings are all LOW: ${t.allLow} not repaired, ${t.lowPatched.length} patched${t.lowPatched.length ? ` (${t.lowPatched.join(', ')})` : ''}`,
  );
  if (t.fails.length) {
    const worst = t.fails.reduce((a, b) => (b.wallMs > a.wallMs ? b : a));
    const hungriest = t.fails.reduce((a, b) => (b.cpuSeconds > a.cpuSeconds ? b : a));
    const ratio = median(t.fails.map((f) => f.wallMs / Math.max(1, f.inspectionWallMs)));
    console.log(
      `repair per FAIL run (${t.fails.length} runs): wall median ${(median(t.fails.map((f) => f.wallMs)) / 1000).toFixed(1)} s, ${ratio.toFixed(2)}x the run's own inspection at the median (goal: at most 2x), worst ${(worst.wallMs / 1000).toFixed(1)} s (${worst.name}, its inspection ${(worst.inspectionWallMs / 1000).toFixed(1)} s; goal: at most 60 s); CPU median ${median(t.fails.map((f) => f.cpuSeconds)).toFixed(1)} s, most ${hungriest.cpuSeconds.toFixed(1)} s (${hungriest.name}); budget reached in ${t.fails.filter((f) => f.budgetReached).length}`,
    );
  }
  console.log(
    `CPU per re-inspected candidate, warm: ${mean(t.warmCpuPerCandidate).toFixed(2)} s mean over ${t.warmCpuPerCandidate.length} repairs`,
  );
  for (const note of t.notes) console.log(`  ${note}`);
}

runMain('bench:fixes', async () => {
  const wanted = process.argv.slice(2);
  const docs = loadDocsCorpus();
  const docsRendered = docs.videos.some((v) => fs.existsSync(docsFile(docs, v, '480p15')));
  const known = [...LABELLED_CORPORA, ...mathCorpora(), docs];
  const corpora = known.filter((c) => (wanted.length === 0 ? c !== docs || docsRendered : wanted.includes(c.name)));
  if (corpora.length === 0) throw new Error(`no labelled corpus named ${wanted.join(', ')} (${known.map((c) => c.name).join(', ')})`);
  if (wanted.length === 0 && !docsRendered)
    console.log('corpus/manim-docs: not rendered here (npx tsx scripts/manim-docs.ts render 480p15), left out');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fixes-'));
  const all = emptyTotals();
  try {
    for (const corpus of corpora) {
      const totals = emptyTotals();
      // The documentation corpus's renders are cached, not committed: those not rendered are left out.
      const rendered =
        corpus === docs ? { ...corpus, videos: corpus.videos.filter((v) => fs.existsSync(docsFile(docs, v, '480p15'))) } : corpus;
      const started = performance.now();
      await benchCorpus(rendered, totals, workDir);
      print(`corpus/${corpus.name} (${rendered.videos.length} scenes, ${((performance.now() - started) / 1000).toFixed(0)} s)`, totals);
      for (const [cat, c] of totals.categories) category(all, cat).add(c);
      all.cleanRepaired += totals.cleanRepaired;
      all.cleanPatched.push(...totals.cleanPatched);
      all.allLow += totals.allLow;
      all.lowPatched.push(...totals.lowPatched);
      all.fails.push(...totals.fails);
      all.warmCpuPerCandidate.push(...totals.warmCpuPerCandidate);
    }
    if (corpora.length > 1) print(`all ${corpora.length} corpora`, all);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});
