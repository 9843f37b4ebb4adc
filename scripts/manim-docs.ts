/**
 * The documentation corpus (corpus/manim-docs, see its README):
 *
 *   npx tsx scripts/manim-docs.ts extract                     every `.. manim::` block of the installed Manim's
 *                                                              docstrings into scenes/, examples.json and labels.json
 *                                                              (labels a person recorded are kept)
 *   npx tsx scripts/manim-docs.ts render [QUALITY] [ID ...]   render what the cache lacks at 480p15 (default),
 *                                                              720p30 or 1080p60, one scene at a time; `sample`
 *                                                              for the ids: the test's sample (testkit/manim-docs.ts)
 *
 * Renders go to corpus/manim-docs/renders (not committed). Rendering is slow
 * and the machine may be shared: run it under `nice`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { labelledSetJson, loadLabelledSet, type LabelledAnimation } from '../src/calibration/labelled-set';
import {
  DOCS_DIR,
  DOCS_RENDERS,
  docsSample,
  extractExamples,
  loadDocsCorpus,
  readCatalogue,
  renderDocsScenes,
  writeCatalogue,
  type DocsExample,
} from '../testkit/manim-docs';
import { QUALITIES, type Quality } from '../testkit/manim-corpus';
import { runMain } from '../testkit/offline-env';

const LABELS = path.join(DOCS_DIR, 'labels.json');

function extract(): void {
  const { manim, examples } = extractExamples();
  const old = fs.existsSync(LABELS)
    ? new Map(loadLabelledSet(LABELS).animations.map((a) => [a.id, a]))
    : new Map<string, LabelledAnimation>();
  const oldCatalogue = fs.existsSync(path.join(DOCS_DIR, 'examples.json'))
    ? new Map(readCatalogue().examples.map((e) => [e.id, e]))
    : new Map<string, DocsExample>();
  const seen = new Map<string, number>();
  const catalogue: DocsExample[] = [];
  fs.rmSync(path.join(DOCS_DIR, 'scenes'), { recursive: true, force: true });
  fs.mkdirSync(path.join(DOCS_DIR, 'scenes'), { recursive: true });
  for (const e of examples) {
    // The directive's own docstring shows its syntax with a placeholder, not a scene.
    if (!/^[A-Za-z_]\w*$/.test(e.scene)) continue;
    const base = `${e.module.replace(/^manim\./, '').replaceAll('.', '_')}-${e.scene}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const id = n === 1 ? base : `${base}-${n}`;
    const source = `scenes/${id}.py`;
    fs.writeFileSync(path.join(DOCS_DIR, source), e.source);
    catalogue.push({
      id,
      scene: e.scene,
      module: e.module,
      qualname: e.qualname,
      lastFrame: e.lastFrame,
      options: e.options,
      source,
      renderError: oldCatalogue.get(id)?.renderError ?? null,
    });
  }
  writeCatalogue({ manim, examples: catalogue });
  const animations: LabelledAnimation[] = catalogue.map((e) => {
    const kept = old.get(e.id);
    return {
      id: e.id,
      animation: path.join(DOCS_RENDERS, `${e.id}.mp4`),
      scene: { sources: [path.join(DOCS_DIR, e.source)], class: e.scene },
      userInput: null,
      title: null,
      description: null,
      note: kept?.note ?? `${e.module}${e.qualname ? `.${e.qualname}` : ''}: ${e.lastFrame ? 'last frame, held 1 s' : 'animated'}`,
      expect: kept?.expect ?? [],
    };
  });
  const set = {
    name: 'manim-docs',
    note: `Every example scene of Manim Community ${manim}'s reference documentation (the .. manim:: blocks of its docstrings), taken as clean unless a person looked at its frames and recorded a defect, with the frame and the reason. Renders are not committed: scripts/manim-docs.ts renders them.`,
    toleranceSeconds: 1,
    countFrom: 'MEDIUM' as const,
    animations,
  };
  fs.writeFileSync(LABELS, `${JSON.stringify(labelledSetJson(set, DOCS_DIR), null, 2)}\n`);
  console.log(
    `${catalogue.length} examples of Manim ${manim}: ${catalogue.filter((e) => !e.lastFrame).length} animated, ${catalogue.filter((e) => e.lastFrame).length} last frame`,
  );
}

async function render(args: string[]): Promise<void> {
  const quality = (QUALITIES as readonly string[]).includes(args[0]) ? (args.shift() as Quality) : '480p15';
  const corpus = loadDocsCorpus();
  const videos =
    args[0] === 'sample' ? docsSample(corpus) : args.length ? corpus.videos.filter((v) => args.includes(v.animation.id)) : corpus.videos;
  const started = performance.now();
  const outcomes = await renderDocsScenes(corpus, videos, quality, (o) =>
    console.log(`${o.ok ? 'rendered' : 'FAILED  '} ${o.id} ${o.seconds.toFixed(1)} s${o.error ? `: ${o.error}` : ''}`),
  );
  // A scene that cannot render outside the docs build (an asset it needs) is recorded with why, and skipped.
  const failed = new Map(outcomes.filter((o) => !o.ok).map((o) => [o.id, o.error!]));
  if (failed.size > 0) {
    const catalogue = readCatalogue();
    for (const e of catalogue.examples) if (failed.has(e.id)) e.renderError = failed.get(e.id)!;
    writeCatalogue(catalogue);
  }
  const ok = outcomes.filter((o) => o.ok);
  console.log(
    `${quality}: ${ok.length} rendered, ${failed.size} failed, ${videos.length - outcomes.length} already cached; ${((performance.now() - started) / 1000).toFixed(0)} s wall, ${ok.reduce((s, o) => s + o.seconds, 0).toFixed(0)} s in Manim`,
  );
}

runMain('manim-docs', async () => {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'extract') extract();
  else if (command === 'render') await render(args);
  else throw new Error('usage: scripts/manim-docs.ts extract | render [480p15|720p30|1080p60] [sample | ID ...]');
});
