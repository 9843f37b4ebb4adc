import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { loadLabelledSet } from '../src/calibration/labelled-set';
import { loadConfig, PROJECT_ROOT } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { corpusFile, corpusVideoOf, type Corpus, type CorpusVideo, type Quality } from './manim-corpus';

/**
 * Manim's documentation as a clean corpus nobody here wrote: every `.. manim::`
 * example in the docstrings of the pinned Manim (corpus/manim-docs, see its
 * README). Its labelled set (labels.json) holds each example's labels, clean
 * unless a person looked at its frames and recorded a defect; examples.json
 * where each came from. The renders are a cache (corpus/manim-docs/renders,
 * not committed), made here from the sources with the Manim environment.
 */
export const DOCS_DIR = path.join(PROJECT_ROOT, 'corpus', 'manim-docs');
const EXAMPLES_FILE = path.join(DOCS_DIR, 'examples.json');
/** Renders laid out as the committed corpora's: 480p15 at the top, the other qualities in subfolders. */
export const DOCS_RENDERS = path.join(DOCS_DIR, 'renders');
const PROGRAM = path.join(PROJECT_ROOT, 'testkit', 'manim_docs.py');

export interface DocsExample {
  /** `<module under manim, dots as underscores>-<Scene>`, `-2`... for a repeat in one module. */
  id: string;
  /** The Scene subclass the block names. */
  scene: string;
  /** The module whose docstring holds it, and the object documented (null: the module itself). */
  module: string;
  qualname: string | null;
  /** `:save_last_frame:`: the docs show its last frame; rendered here as a 1 s clip holding it. */
  lastFrame: boolean;
  /** The directive's other options, as written. */
  options: Record<string, string>;
  /** Its source file, relative to the corpus folder. */
  source: string;
  /** Why it does not render outside Manim's docs build (an asset of the docs), or null. */
  renderError: string | null;
}

export interface DocsCatalogue {
  manim: string;
  examples: DocsExample[];
}

export interface DocsCorpus extends Corpus {
  examples: Map<string, DocsExample>;
}

export const readCatalogue = (): DocsCatalogue => JSON.parse(fs.readFileSync(EXAMPLES_FILE, 'utf8'));
export const writeCatalogue = (catalogue: DocsCatalogue) => fs.writeFileSync(EXAMPLES_FILE, `${JSON.stringify(catalogue, null, 1)}\n`);

/** The corpus with its labels, every example whose scene renders outside the docs build. */
export function loadDocsCorpus(): DocsCorpus {
  const set = loadLabelledSet(path.join(DOCS_DIR, 'labels.json'));
  const examples = new Map(readCatalogue().examples.map((e) => [e.id, e]));
  const videos: CorpusVideo[] = set.animations
    .filter((a) => examples.get(a.id)!.renderError === null)
    .map((animation) => corpusVideoOf(set, animation));
  return {
    name: 'manim-docs',
    role: "Manim's own documentation examples, nobody here wrote them",
    dir: DOCS_RENDERS,
    set,
    videos,
    examples,
    // The docs show a last-frame example's last frame: rendered as a still, inspected as one.
    still: (video) => examples.get(video.animation.id)!.lastFrame,
  };
}

const exampleOf = (corpus: DocsCorpus, video: CorpusVideo) => corpus.examples.get(video.animation.id)!;
export const isLastFrame = (corpus: DocsCorpus, video: CorpusVideo) => exampleOf(corpus, video).lastFrame;

/**
 * A finding that states what the docs' form makes an example, true of the clip
 * rather than a judgement of its frames: its length (a demonstration of one
 * call lasts seconds, under the 10 s a lesson needs) and, for a last-frame
 * example, its stillness (a picture held 1 s). The bench prints these apart;
 * they are not false findings.
 */
export const isClipFact = (corpus: DocsCorpus, video: CorpusVideo, issue: { category: string }) =>
  issue.category === 'length' || (issue.category === 'static' && isLastFrame(corpus, video));

/**
 * The suite's fixed sample: every 9th example of the catalogue (module files
 * in name order, blocks as they appear), starting with the first, less those
 * that do not render outside the docs build; on Manim 0.22.0, 40 of 44 (11
 * animated, 29 last frame). A rule on positions only, never on how the judge does.
 */
export function docsSample(corpus: DocsCorpus): CorpusVideo[] {
  const picked = new Set(
    readCatalogue()
      .examples.filter((_, i) => i % 9 === 0)
      .map((e) => e.id),
  );
  return corpus.videos.filter((v) => picked.has(v.animation.id));
}

const python = () => loadConfig({ ...process.env }).scene.python;

/** Every `.. manim::` block in the installed Manim's docstrings, in module file order. */
export function extractExamples(): { manim: string; examples: Omit<DocsExample, 'id' | 'renderError'>[] } {
  return JSON.parse(execFileSync(python(), [PROGRAM, 'extract'], { maxBuffer: 64 << 20 }).toString());
}

export interface RenderOutcome {
  id: string;
  ok: boolean;
  error?: string;
  seconds: number;
}

/** Where a video of the corpus is cached at a quality. */
export const docsFile = (corpus: DocsCorpus, video: CorpusVideo, quality: Quality) => corpusFile(corpus, video, quality);

/**
 * Renders the given videos at a quality into the cache, those not there yet,
 * in one Manim process (restarted past a scene that kills it): animated
 * examples as Manim renders them, last-frame ones as their last frame held for
 * 1 s at the quality's rate. A scene that fails is reported and skipped.
 */
export async function renderDocsScenes(
  corpus: DocsCorpus,
  videos: readonly CorpusVideo[],
  quality: Quality,
  onScene: (outcome: RenderOutcome) => void = () => undefined,
): Promise<RenderOutcome[]> {
  const { ffmpeg } = resolveMediaTools(loadConfig({}));
  const rate = Number(quality.split('p')[1]);
  let pending = videos.filter((v) => !fs.existsSync(docsFile(corpus, v, quality)));
  const outcomes: RenderOutcome[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-manim-docs-'));
  try {
    while (pending.length > 0) {
      const jobs = pending.map((v) => {
        const e = exampleOf(corpus, v);
        return { id: e.id, scene: e.scene, lastFrame: e.lastFrame, file: path.join(DOCS_DIR, e.source) };
      });
      const child = spawn(python(), [PROGRAM, 'render', work, quality], { stdio: ['pipe', 'pipe', 'pipe'], cwd: work });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-4000);
      });
      child.stdin.end(JSON.stringify(jobs));
      const done = new Set<string>();
      for await (const line of readline.createInterface({ input: child.stdout })) {
        const answer = JSON.parse(line) as { id: string; ok: boolean; output?: string; error?: string; seconds: number };
        done.add(answer.id);
        const video = pending.find((v) => v.animation.id === answer.id)!;
        const out = docsFile(corpus, video, quality);
        let outcome: RenderOutcome = { id: answer.id, ok: answer.ok, error: answer.error, seconds: answer.seconds };
        if (answer.ok) {
          const tmp = `${out}.${process.pid}.tmp.mp4`;
          try {
            fs.mkdirSync(path.dirname(out), { recursive: true });
            if (exampleOf(corpus, video).lastFrame)
              execFileSync(ffmpeg, [
                '-v',
                'error',
                '-y',
                '-loop',
                '1',
                '-framerate',
                String(rate),
                '-t',
                '1',
                '-i',
                answer.output!,
                '-c:v',
                'libx264',
                '-pix_fmt',
                'yuv420p',
                tmp,
              ]);
            else fs.copyFileSync(answer.output!, tmp);
            fs.renameSync(tmp, out);
            fs.rmSync(path.join(work, 'media', answer.id), { recursive: true, force: true });
          } catch (err) {
            fs.rmSync(tmp, { force: true });
            outcome = { ...outcome, ok: false, error: `no video: ${err instanceof Error ? err.message : String(err)}` };
          }
        }
        outcomes.push(outcome);
        onScene(outcome);
      }
      const code = await new Promise<number | null>((resolve) =>
        child.exitCode !== null ? resolve(child.exitCode) : child.on('close', resolve),
      );
      const rest = pending.filter((v) => !done.has(v.animation.id));
      if (rest.length > 0) {
        // The process died inside the first scene not answered: that scene fails, the others get a new process.
        const crash: RenderOutcome = {
          id: rest[0].animation.id,
          ok: false,
          error: `Manim stopped (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`,
          seconds: 0,
        };
        outcomes.push(crash);
        onScene(crash);
      }
      pending = rest.slice(1);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return outcomes;
}
