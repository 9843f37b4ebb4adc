/**
 * What scene repair (docs/fixes.md) achieves on the labelled corpora:
 *
 *   npm run bench:fixes [-- CORPUS ...]      (default: every labelled corpus with sources)
 *
 * Every scene of a corpus is inspected at 480p15 (the renders its labels were
 * checked on) and repaired as the pipeline repairs a run whose scene has layout
 * findings. Per category:
 * 1. the share of the scene's layout findings with a verified fix;
 * 2. new MEDIUM/HIGH findings: the combined patch inspected again in a fresh
 *    sandboxed run (outside the repair's own session), findings the scene did
 *    not have before, with how many verified fixes were in those patches;
 * 3. every patched defect scene rendered with Manim (renderScene) and the new
 *    video judged as the pipeline judges a fragment with its source (the
 *    pixels, and the scene on geometry): the share whose labelled defect is gone;
 * 4. clean scenes that get a patch (goal: none);
 * 5. the wall time repair adds to a FAIL run (one with a MEDIUM/HIGH layout
 *    finding) and the CPU per re-inspected candidate, warm (Manim imported once).
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
import type { FrameManifest } from '../src/media/manifest';
import { sceneFindings } from '../src/scene/findings';
import { timelineOf, type SceneTimeline } from '../src/scene/inspection';
import { runInspector } from '../src/scene/inspector';
import { renderScene } from '../src/scene/render';
import { repairScene, type SceneRepair } from '../src/scene/repair';
import { repairTargets, TARGET_CATEGORIES } from '../src/scene/repair/rules';
import { judgeVideoLocally, type LocalResults } from '../testkit/local-judge';
import { LABELLED_CORPORA, mathCorpora, scoreCorpusVideo, type Corpus, type CorpusVideo } from '../testkit/manim-corpus';
import { runMain } from '../testkit/offline-env';
import { inspectCorpus, sceneResults, withScene } from '../testkit/scene-corpus';

const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
const tools = resolveMediaTools(config);

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

interface Totals {
  categories: Map<string, Category>;
  cleanRepaired: number;
  cleanPatched: string[];
  failWallMs: number[];
  warmCpuPerCandidate: number[];
  notes: string[];
}

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

async function inspectOne(content: string, scene: string, manifest: FrameManifest): Promise<SceneTimeline | string> {
  const job = { scene, width: manifest.width, height: manifest.height, fps: manifest.fps ?? 15, durationMs: manifest.durationMs };
  const ran = await runInspector([{ name: 'scenes.py', content }], [job], config.scene);
  if (!('answer' in ran)) return 'refused' in ran ? ran.refused : ran.failure;
  return timelineOf(ran.answer.results[0], ran.answer.manim ?? null, {}) ?? ran.answer.results[0]?.error ?? 'no timeline';
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
  const content = fs.readFileSync(path.join(corpus.dir, 'scenes.py'), 'utf8');
  const inspected = await inspectCorpus(corpus, config);
  for (const video of corpus.videos) {
    const timeline = inspected.timelines.get(video.file);
    if (!timeline) {
      totals.notes.push(`${corpus.name}/${video.file}: not inspected (${inspected.failures.get(video.file)})`);
      continue;
    }
    const manifest = inspected.manifests.get(video.file)!;
    const findings = sceneFindings(timeline, manifest);
    const targets = repairTargets([...findings.values()].flat(), (d) => d);
    if (targets.length === 0) continue;
    const before = serious(findings);
    const repair = await repairScene({
      sources: [{ name: 'scenes.py', content }],
      scene: video.scene,
      timeline,
      manifest,
      video: { width: manifest.width, height: manifest.height, fps: manifest.fps ?? 15, durationMs: manifest.durationMs },
      settings: config.scene,
    });
    record(corpus, video, repair, before.length > 0, totals);
    // The defect gone is measured where the scene saw it before.
    if (video.defect === null || scoreCorpusVideo(video, sceneResults(timeline, manifest)).found === null) continue;
    const patched = repair.combined.files['scenes.py'];
    if (repair.combined.verdict !== 'verified' || patched === undefined) continue;
    await checkPatched(corpus, video, repair, patched, before, manifest, totals, workDir);
  }
}

function record(corpus: Corpus, video: CorpusVideo, repair: SceneRepair, fails: boolean, totals: Totals): void {
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
  if (fails) totals.failWallMs.push(repair.wallMs);
  if (repair.cpuSeconds !== null && repair.candidates > 0)
    totals.warmCpuPerCandidate.push((repair.cpuSeconds - (repair.importCpuSeconds ?? 0)) / (repair.candidates + 1));
}

/** The combined patch inspected afresh (new findings), rendered with Manim and judged again (the defect gone). */
async function checkPatched(
  corpus: Corpus,
  video: CorpusVideo,
  repair: SceneRepair,
  patched: string,
  before: readonly string[],
  manifest: FrameManifest,
  totals: Totals,
  workDir: string,
): Promise<void> {
  const verified = repair.fixes.filter((f) => f.verdict === 'verified');
  const labelled = video.labels.expect[0]?.categories[0] ?? 'unknown';
  const after = await inspectOne(patched, video.scene, manifest);
  if (typeof after === 'string') {
    totals.notes.push(`${corpus.name}/${video.file}: the patched scene did not inspect (${after})`);
    return;
  }
  const fresh = serious(sceneFindings(after, manifest)).filter((k) => !before.includes(k));
  for (const fix of verified) {
    const c = category(totals, fix.finding.category);
    if (fresh.length > 0) c.fixesWithNew++;
  }
  if (fresh.length > 0) {
    category(totals, labelled).newFindings += fresh.length;
    totals.notes.push(`${corpus.name}/${video.file}: new after the patch: ${fresh.join('; ')}`);
  }
  const output = path.join(workDir, `${corpus.name}-${video.file}`);
  const rendered = await renderScene({
    sources: [{ name: 'scenes.py', content: patched }],
    scene: video.scene,
    width: manifest.width,
    height: manifest.height,
    fps: manifest.fps ?? 15,
    settings: config.scene,
    outputPath: output,
  });
  if (!rendered.ok) {
    totals.notes.push(`${corpus.name}/${video.file}: the patched scene did not render (${rendered.reason})`);
    return;
  }
  const { merged, pixels } = await judgeWithScene(output, after, workDir);
  const c = category(totals, labelled);
  c.rendered++;
  const still = scoreCorpusVideo(video, merged).found;
  if (still === null) c.gone++;
  else totals.notes.push(`${corpus.name}/${video.file}: the defect is still found after the patch: ${still.description}`);
  if (scoreCorpusVideo(video, pixels).found === null) c.goneFromPixels++;
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${n}/${d} (${Math.round((n / d) * 100)}%)`);
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

function print(name: string, t: Totals): void {
  console.log(`\n${name}`);
  console.log(
    'category          findings with a verified fix   new MEDIUM/HIGH findings (verified fixes in those patches)   patched defect scenes rendered: defect gone (from pixels alone)',
  );
  for (const [cat, c] of [...t.categories].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${cat.padEnd(17)} ${pct(c.verified, c.findings).padEnd(29)} ${`${c.newFindings} (${c.fixesWithNew})`.padEnd(60)} ${pct(c.gone, c.rendered)} (${pct(c.goneFromPixels, c.rendered)})`,
    );
  }
  console.log(
    `clean scenes repaired: ${t.cleanRepaired}, patched: ${t.cleanPatched.length}${t.cleanPatched.length ? ` (${t.cleanPatched.join(', ')})` : ''}`,
  );
  console.log(
    `repair wall per FAIL run: ${(mean(t.failWallMs) / 1000).toFixed(1)} s mean over ${t.failWallMs.length} runs (max ${(Math.max(...t.failWallMs, 0) / 1000).toFixed(1)} s); CPU per re-inspected candidate, warm: ${mean(t.warmCpuPerCandidate).toFixed(2)} s mean over ${t.warmCpuPerCandidate.length} repairs`,
  );
  for (const note of t.notes) console.log(`  ${note}`);
}

runMain('bench:fixes', async () => {
  const wanted = process.argv.slice(2);
  const known = [...LABELLED_CORPORA, ...mathCorpora()];
  const corpora = known.filter((c) => wanted.length === 0 || wanted.includes(c.name));
  if (corpora.length === 0) throw new Error(`no labelled corpus named ${wanted.join(', ')} (${known.map((c) => c.name).join(', ')})`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fixes-'));
  const all: Totals = { categories: new Map(), cleanRepaired: 0, cleanPatched: [], failWallMs: [], warmCpuPerCandidate: [], notes: [] };
  try {
    for (const corpus of corpora) {
      const totals: Totals = {
        categories: new Map(),
        cleanRepaired: 0,
        cleanPatched: [],
        failWallMs: [],
        warmCpuPerCandidate: [],
        notes: [],
      };
      const started = performance.now();
      await benchCorpus(corpus, totals, workDir);
      print(`corpus/${corpus.name} (${corpus.videos.length} scenes, ${((performance.now() - started) / 1000).toFixed(0)} s)`, totals);
      for (const [cat, c] of totals.categories) category(all, cat).add(c);
      all.cleanRepaired += totals.cleanRepaired;
      all.cleanPatched.push(...totals.cleanPatched);
      all.failWallMs.push(...totals.failWallMs);
      all.warmCpuPerCandidate.push(...totals.warmCpuPerCandidate);
    }
    if (corpora.length > 1) print(`all ${corpora.length} corpora`, all);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});
