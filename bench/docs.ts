/**
 * The local judge on Manim's documentation corpus (corpus/manim-docs: every
 * example of Manim's reference documentation, clean unless a person recorded
 * a defect), at each quality the cache holds:
 *
 *   npx tsx scripts/manim-docs.ts render [480p15|720p30|1080p60]   (once: fills the cache)
 *   npm run bench:docs [-- [480p15|720p30|1080p60 ...] [sample] [pixels] [WORD ...]]
 *     (qualities: all; sample: the test's; pixels: from pixels alone only;
 *      any other word: only the scenes whose id contains one of them)
 *
 * Each cached render is judged from pixels alone and with its scene's source
 * (every scene inspected in the real sandbox, the scene the authority on
 * layout, as bench:local does); `pixels` skips the inspection, the slow half,
 * to re-measure the pixel judge. Printed per quality and mode: MEDIUM and HIGH
 * findings per 100 clean scenes, per category (and how many scenes carry one;
 * findings true of the clip, its length and a still's stillness, apart),
 * each such finding with its scene for a person to look at, the defects a
 * person confirmed and whether they were found, and the most issues of one
 * category (any severity) in one scene's run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { FRAME_KINDS, judgeVideoLocally, type LocalResults } from '../testkit/local-judge';
import { QUALITIES, scoreCorpusVideo, type CorpusVideo, type Quality } from '../testkit/manim-corpus';
import { docsFile, docsSample, isClipFact, isLastFrame, loadDocsCorpus, type DocsCorpus } from '../testkit/manim-docs';
import { inspectCorpus, withScene } from '../testkit/scene-corpus';
import { runMain } from '../testkit/offline-env';

const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });

/** A judge's findings on the corpus at one quality, in one mode. */
class DocsTally {
  clean = 0;
  cleanWithFinding = 0;
  readonly byCategory = new Map<string, { medium: number; high: number; scenes: Set<string> }>();
  readonly flagged: string[] = [];
  /** Findings true of the clip (its length, a still's stillness): counted apart. */
  readonly clipFacts = new Map<string, number>();
  readonly confirmed: string[] = [];
  most = { count: 0, where: '-' };

  constructor(private readonly corpus: DocsCorpus) {}

  add(video: CorpusVideo, results: LocalResults, note = ''): void {
    const score = scoreCorpusVideo(video, results);
    const id = video.animation.id;
    const what = isLastFrame(this.corpus, video) ? 'last frame' : 'animated';
    const perCategory = new Map<string, number>();
    for (const kind of FRAME_KINDS)
      for (const i of results.get(kind)!.issues) perCategory.set(i.category, (perCategory.get(i.category) ?? 0) + 1);
    for (const [category, count] of perCategory) if (count > this.most.count) this.most = { count, where: `${id}: ${count} ${category}` };
    const counted = score.falsePositives.filter((i) => !isClipFact(this.corpus, video, i));
    if (video.defect !== null) {
      this.confirmed.push(
        `${id}: ${video.defect}: ${score.found ? `found (${score.found.severity} ${score.found.category} @ ${score.found.frameHint})` : 'missed'}`,
      );
    } else {
      this.clean++;
      if (counted.length > 0) this.cleanWithFinding++;
    }
    for (const i of score.falsePositives) {
      if (isClipFact(this.corpus, video, i)) {
        this.clipFacts.set(i.category, (this.clipFacts.get(i.category) ?? 0) + 1);
        continue;
      }
      const c =
        this.byCategory.get(i.category) ?? this.byCategory.set(i.category, { medium: 0, high: 0, scenes: new Set() }).get(i.category)!;
      if (i.severity === 'HIGH') c.high++;
      else c.medium++;
      c.scenes.add(id);
      this.flagged.push(`${id} (${what}${note}): ${i.kind} ${i.severity} ${i.category} @ ${i.frameHint}: ${i.description}`);
    }
  }
}

const per100 = (n: number, of: number) => (of === 0 ? '-' : ((100 * n) / of).toFixed(1));

function print(quality: Quality, mode: string, t: DocsTally, extra: string): void {
  const findings = [...t.byCategory.values()].reduce((n, c) => n + c.medium + c.high, 0);
  console.log(`corpus/manim-docs at ${quality}, ${mode} (${t.clean} clean scenes${extra})`);
  console.log('category          MEDIUM  HIGH  per 100 clean scenes  scenes');
  for (const [category, c] of [...t.byCategory].sort())
    console.log(
      `${category.padEnd(17)} ${String(c.medium).padStart(6)} ${String(c.high).padStart(5)}  ${per100(c.medium + c.high, t.clean).padStart(20)}  ${String(c.scenes.size).padStart(6)}`,
    );
  console.log(
    `MEDIUM/HIGH findings on clean scenes: ${findings} (${per100(findings, t.clean)} per 100 scenes); scenes with one: ${t.cleanWithFinding} (${per100(t.cleanWithFinding, t.clean)} per 100)`,
  );
  console.log(
    `findings true of the clip, not counted: ${[...t.clipFacts].map(([c, n]) => `${n} ${c}`).join(', ') || 'none'} (a docs example lasts seconds; a last-frame one is a still)`,
  );
  console.log(`most issues of one category in one run: ${t.most.where}`);
  console.log(`defects a person confirmed: ${t.confirmed.length ? '' : 'none'}`);
  for (const c of t.confirmed) console.log(`  ${c}`);
  console.log('findings on clean scenes:');
  for (const f of t.flagged) console.log(`  ${f}`);
  console.log('');
}

async function atQuality(
  corpus: DocsCorpus,
  scenes: readonly CorpusVideo[],
  quality: Quality,
  workDir: string,
  pixelsOnly: boolean,
): Promise<void> {
  const videos = scenes.filter((v) => fs.existsSync(docsFile(corpus, v, quality)));
  const missing = scenes.length - videos.length;
  if (videos.length === 0) {
    console.log(`corpus/manim-docs at ${quality}: nothing rendered (npx tsx scripts/manim-docs.ts render ${quality})\n`);
    return;
  }
  const extra = `; ${videos.filter((v) => !isLastFrame(corpus, v)).length} animated, ${videos.filter((v) => isLastFrame(corpus, v)).length} last frame${missing ? `; ${missing} not rendered at this quality` : ''}`;
  const pixels = new DocsTally(corpus);
  const judged = new Map<CorpusVideo, LocalResults>();
  let started = performance.now();
  for (const video of videos) {
    const results = await judgeVideoLocally(docsFile(corpus, video, quality), config, workDir);
    judged.set(video, results);
    pixels.add(video, results);
  }
  print(quality, 'from pixels alone', pixels, `${extra}; judged in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (pixelsOnly) return;
  started = performance.now();
  let inspected: Awaited<ReturnType<typeof inspectCorpus>>;
  try {
    inspected = await inspectCorpus(corpus, config, videos, quality);
  } catch (err) {
    console.log(
      `corpus/manim-docs at ${quality} with sources: not measured, ${err instanceof Error ? err.message : String(err)} (npx evals setup --manim)\n`,
    );
    return;
  }
  const scene = new DocsTally(corpus);
  for (const video of videos) {
    const timeline = inspected.timelines.get(video.file);
    if (timeline) scene.add(video, withScene(judged.get(video)!, timeline, inspected.manifests.get(video.file)!));
    else scene.add(video, judged.get(video)!, `, not inspected: ${inspected.failures.get(video.file)?.split('\n').pop()?.slice(0, 160)}`);
  }
  print(
    quality,
    'with sources',
    scene,
    `${extra}; ${inspected.timelines.size} inspected, the rest from pixels; inspection ${(inspected.wallMs / 1000).toFixed(0)} s wall, ${inspected.cpuSeconds.toFixed(0)} s CPU`,
  );
}

runMain('bench:docs', async () => {
  const corpus = loadDocsCorpus();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-bench-docs-'));
  const args = process.argv.slice(2);
  const only = args.filter((q): q is Quality => (QUALITIES as readonly string[]).includes(q));
  const words = args.filter((a) => !(QUALITIES as readonly string[]).includes(a) && a !== 'sample' && a !== 'pixels');
  const scenes = (args.includes('sample') ? docsSample(corpus) : corpus.videos).filter(
    (v) => words.length === 0 || words.some((w) => v.animation.id.includes(w)),
  );
  try {
    console.log(
      `Manim's documentation examples: ${corpus.examples.size}, of which ${corpus.videos.length} render outside Manim's docs build; judging ${args.includes('sample') ? `the test's sample, ${scenes.length}` : words.length ? `${scenes.length} whose id contains ${words.join(' or ')}` : 'all of them'}\n`,
    );
    for (const quality of only.length ? only : QUALITIES) await atQuality(corpus, scenes, quality, workDir, args.includes('pixels'));
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});
