/**
 * Judge tokens and estimated cost per pipeline run for a 30 s 1080p animation,
 * per kind and per pipeline: the naive design (every frame at full resolution,
 * high detail, to every kind, no shared prefix), per-kind mode (one request per
 * kind, the frame kinds sharing one cacheable prefix) and combined mode (one
 * request for the four frame kinds). Frames are really extracted with ffmpeg and
 * the real provider sends real requests through the `openai` SDK to the fake
 * OpenAI-compatible server, which bills each request by OpenAI's published rules
 * (text at ~4 characters per token, images by the model's tile or patch rule,
 * prompt caching by prefix in 128-token steps from 1,024 tokens). Requests go
 * out in the order the worker sends them: in per-kind mode the first frame kind,
 * then the other kinds at once; in combined mode the two requests at once.
 * Run: npm run bench:judge
 */
import os from 'node:os';
import { loadConfig } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { EVAL_KINDS, KINDS, type EvalKind, type KindInput } from '../src/kinds';
import { FRAME_KINDS } from '../src/kinds/answer';
import { extractFrames } from '../src/media/extract';
import type { ExtractedFrame } from '../src/media/manifest';
import { OpenAiProvider } from '../src/providers/openai';
import type { JudgeRequest, Judgement, Usage } from '../src/providers/provider';
import { passingAnswer, startFakeOpenAI, type FakeOpenAI } from '../testkit/fake-openai';
import { syntheticVideo } from '../testkit/videos';
import { runMain } from '../testkit/offline-env';

const MODELS = ['gpt-4.1-mini', 'gpt-4o'];
/** The figures before shared prefixes and combined calls (docs/judge.md, quiet machine): cost per pipeline run and its share of naive. */
const BEFORE: Record<string, string> = {
  'gpt-4.1-mini': '$0.01206 (17.6% of naive $0.06842)',
  'gpt-4o': '$0.05659 (27.4% of naive $0.20620)',
};
const NAIVE = { EVALS_JUDGE_FRAME_WIDTH: '1920', EVALS_IMAGE_WIDTH: '1920', EVALS_IMAGE_DETAIL: 'high' };
type Setting = 'naive' | 'per-kind' | 'combined';

const realisticIssue = (kind: EvalKind) => (frameIndex: number) => ({
  severity: 'MEDIUM',
  category: KINDS[kind].categories[0],
  frameIndex: KINDS[kind].usesFrames ? frameIndex * 5 : null,
  location: KINDS[kind].usesFrames ? 'lower third, under the triangle' : null,
  description:
    'The label "a^2 + b^2 = c^2" sits on top of the hypotenuse, so the exponent of c is hidden by the line for about two seconds.',
  suggestedFix: 'Move the label below the triangle (next_to(triangle, DOWN)) or fade the hypotenuse before writing the label.',
});

const unwrap = (j: Judgement | Error): Judgement => {
  if (j instanceof Error) throw j;
  return j;
};

/** One pipeline run's judge requests, sent as the worker sends them in that mode. */
async function judgeRun(provider: OpenAiProvider, setting: Setting, requests: JudgeRequest[]): Promise<Map<EvalKind, Judgement>> {
  const framed = requests.filter((r) => r.definition.usesFrames);
  const others = requests.filter((r) => !r.definition.usesFrames);
  const judged = new Map<EvalKind, Judgement>();
  const judgeAlone = async (r: JudgeRequest) => judged.set(r.definition.kind, await provider.judge(r));
  if (setting === 'combined') {
    await Promise.all([
      provider.judgeTogether(framed).then((byKind) => byKind.forEach((j, kind) => judged.set(kind, unwrap(j)))),
      ...others.map(judgeAlone),
    ]);
  } else if (setting === 'per-kind') {
    // The worker's order: the first frame kind (and the kinds without frames), then the other frame kinds once it is answered.
    await Promise.all([judgeAlone(framed[0]), ...others.map(judgeAlone)]);
    await Promise.all(framed.slice(1).map(judgeAlone));
  } else {
    await Promise.all(requests.map(judgeAlone));
  }
  return judged;
}

async function main() {
  const video = syntheticVideo('bench-30s-1080p-25fps', 'testsrc2=size=1920x1080:rate=25:duration=30', ['-preset', 'ultrafast']);
  const fakes: Record<'cached' | 'uncached', FakeOpenAI> = {
    cached: await startFakeOpenAI(),
    uncached: await startFakeOpenAI({ promptCaching: false }),
  };
  try {
    // Answers of a realistic size (three issues each), so completion tokens weigh what they would.
    for (const fake of Object.values(fakes)) {
      for (const kind of EVAL_KINDS)
        fake.setAnswer(kind, { ...(passingAnswer(kind) as object), issues: [0, 1, 2].map(realisticIssue(kind)) });
    }
    const env = (model: string, setting: Setting) => ({
      EVALS_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: (setting === 'naive' ? fakes.uncached : fakes.cached).baseUrl,
      EVALS_MODEL: model,
      ...(setting === 'naive' ? NAIVE : {}),
    });
    const frames: Partial<Record<Setting, ExtractedFrame[]>> = {};
    for (const setting of ['naive', 'per-kind'] as const) {
      const config = loadConfig(env(MODELS[0], setting));
      const extraction = await extractFrames(
        video,
        resolveMediaTools(config),
        { media: config.media, allowLocalFiles: true, workDir: os.tmpdir(), withSignal: false },
        () => undefined,
      );
      frames[setting] = extraction.frames;
    }
    frames.combined = frames['per-kind'];
    const f0 = frames['per-kind']![0];
    process.stdout.write(
      `30 s 1920x1080 animation, ${frames['per-kind']!.length} frames (${f0.width}x${f0.height} stored; naive ${frames.naive![0].width}x${frames.naive![0].height})\n\n`,
    );

    for (const model of MODELS) {
      const totals: Partial<Record<Setting, Usage>> = {};
      const rows: string[][] = [['setting', 'kind', 'prompt tok', 'cached tok', 'image tok (est.)', 'completion tok', 'cost USD']];
      for (const setting of ['naive', 'per-kind', 'combined'] as const) {
        Object.values(fakes).forEach((f) => f.reset());
        for (const fake of Object.values(fakes)) {
          for (const kind of EVAL_KINDS)
            fake.setAnswer(kind, { ...(passingAnswer(kind) as object), issues: [0, 1, 2].map(realisticIssue(kind)) });
        }
        const provider = new OpenAiProvider(loadConfig(env(model, setting)).judge);
        const input: KindInput = {
          userInput: 'Animate the Pythagorean theorem with a right triangle and squares on each side.',
          title: 'Pythagoras',
          description: 'a^2 + b^2 = c^2, shown with squares on the sides of a right triangle',
          durationMs: 30_000,
          frameCount: frames[setting]!.length,
        };
        const pipelineRun = { id: `bench-${model}-${setting}`, secret: `bench-secret-${setting}` };
        const requests = EVAL_KINDS.map((kind) => ({
          definition: KINDS[kind],
          input,
          frames: KINDS[kind].usesFrames ? frames[setting]!.map((f) => ({ ...f, key: `bench/${f.index}` })) : [],
          manifest: null,
          videoSignal: null,
          signal: new AbortController().signal,
          pipelineRun,
        }));
        const judged = await judgeRun(provider, setting, requests);
        const total: Usage = { promptTokens: 0, cachedTokens: 0, completionTokens: 0, imageTokens: 0, costUsd: 0 };
        for (const kind of EVAL_KINDS) {
          const usage = judged.get(kind)!.usage!;
          rows.push([
            setting,
            kind,
            String(usage.promptTokens),
            String(usage.cachedTokens),
            String(usage.imageTokens),
            String(usage.completionTokens),
            (usage.costUsd ?? 0).toFixed(5),
          ]);
          total.promptTokens += usage.promptTokens;
          total.cachedTokens += usage.cachedTokens;
          total.completionTokens += usage.completionTokens;
          total.imageTokens += usage.imageTokens;
          total.costUsd = (total.costUsd ?? 0) + (usage.costUsd ?? 0);
        }
        rows.push([
          setting,
          'PIPELINE',
          String(total.promptTokens),
          String(total.cachedTokens),
          String(total.imageTokens),
          String(total.completionTokens),
          (total.costUsd ?? 0).toFixed(5),
        ]);
        totals[setting] = total;
      }
      const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
      process.stdout.write(`model ${model}\n${rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ')).join('\n')}\n`);
      const naive = totals.naive!.costUsd ?? 1;
      for (const setting of ['per-kind', 'combined'] as const) {
        process.stdout.write(`${setting} / naive cost: ${(((totals[setting]!.costUsd ?? 0) / naive) * 100).toFixed(1)}%\n`);
      }
      process.stdout.write(`before this change (default settings): ${BEFORE[model]}\n\n`);
    }
    process.stdout.write(`(frame kinds: ${FRAME_KINDS.join(', ')}; a combined request's usage is shared evenly between its kinds)\n`);
  } finally {
    await Promise.all(Object.values(fakes).map((f) => f.close()));
  }
}

runMain('bench:judge', main);
