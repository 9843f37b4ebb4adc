/**
 * Judge tokens and estimated cost per pipeline run for a 30 s 1080p animation:
 * the default settings beside the naive way (every frame at full resolution,
 * high detail, to every kind). Frames are really extracted with ffmpeg and the
 * real provider sends real requests through the `openai` SDK to the fake
 * OpenAI-compatible server, which bills each request by OpenAI's published
 * rules (text at ~4 characters per token, images by the model's tile or patch
 * rule from the size of the image it receives). Run: npm run bench:judge
 */
import os from 'node:os';
import { loadConfig } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { EVAL_KINDS, KINDS, type EvalKind, type KindInput } from '../src/kinds';
import { extractFrames } from '../src/media/extract';
import type { ExtractedFrame } from '../src/media/manifest';
import { OpenAiProvider } from '../src/providers/openai';
import type { Usage } from '../src/providers/provider';
import { passingAnswer, startFakeOpenAI } from '../testkit/fake-openai';
import { syntheticVideo } from '../testkit/videos';
import { runMain } from '../testkit/offline-env';

const MODELS = ['gpt-4.1-mini', 'gpt-4o'];
const SETTINGS = {
  default: {},
  naive: { EVALS_JUDGE_FRAME_WIDTH: '1920', EVALS_IMAGE_WIDTH: '1920', EVALS_IMAGE_DETAIL: 'high' },
} as const;

const realisticIssue = (kind: EvalKind) => (frameIndex: number) => ({
  severity: 'MEDIUM',
  category: KINDS[kind].categories[0],
  frameIndex: KINDS[kind].usesFrames ? frameIndex * 5 : null,
  location: KINDS[kind].usesFrames ? 'lower third, under the triangle' : null,
  description: 'The label "a^2 + b^2 = c^2" sits on top of the hypotenuse, so the exponent of c is hidden by the line for about two seconds.',
  suggestedFix: 'Move the label below the triangle (next_to(triangle, DOWN)) or fade the hypotenuse before writing the label.',
});

async function main() {
  const video = syntheticVideo('bench-30s-1080p-25fps', 'testsrc2=size=1920x1080:rate=25:duration=30', ['-preset', 'ultrafast']);
  const fake = await startFakeOpenAI();
  // Answers of a realistic size (three issues each), so completion tokens weigh what they would.
  for (const kind of EVAL_KINDS) fake.setAnswer(kind, { ...(passingAnswer(kind) as object), issues: [0, 1, 2].map(realisticIssue(kind)) });
  try {
    const env = (model: string, setting: keyof typeof SETTINGS) => ({
      EVALS_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: fake.baseUrl,
      EVALS_MODEL: model,
      ...SETTINGS[setting],
    });
    const frames: Record<string, ExtractedFrame[]> = {};
    for (const setting of Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]) {
      const config = loadConfig(env(MODELS[0], setting));
      const extraction = await extractFrames(video, resolveMediaTools(config), { media: config.media, allowLocalFiles: true, workDir: os.tmpdir(), withSignal: false }, () => undefined);
      frames[setting] = extraction.frames;
    }
    const durationMs = 30_000;
    const f0 = frames.default[0];
    process.stdout.write(`30 s 1920x1080 animation, ${frames.default.length} frames (${f0.width}x${f0.height} stored; naive ${frames.naive[0].width}x${frames.naive[0].height})\n\n`);

    for (const model of MODELS) {
      const totals: Record<string, Usage> = {};
      const rows: string[][] = [['setting', 'kind', 'prompt tok', 'image tok (est.)', 'completion tok', 'cost USD']];
      for (const setting of Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]) {
        const config = loadConfig(env(model, setting));
        const provider = new OpenAiProvider(config.judge);
        const total: Usage = { promptTokens: 0, completionTokens: 0, imageTokens: 0, costUsd: 0 };
        for (const kind of EVAL_KINDS) {
          const definition = KINDS[kind];
          const input: KindInput = {
            userInput: 'Animate the Pythagorean theorem with a right triangle and squares on each side.',
            title: 'Pythagoras',
            description: 'a^2 + b^2 = c^2, shown with squares on the sides of a right triangle',
            durationMs,
            frameCount: frames[setting].length,
          };
          const loaded = definition.usesFrames ? frames[setting].map((f) => ({ ...f, key: `bench/${f.index}` })) : [];
          const { usage } = await provider.judge({ definition, input, frames: loaded, manifest: null, signal: new AbortController().signal });
          if (!usage) throw new Error('the openai provider reported no usage');
          rows.push([setting, kind, String(usage.promptTokens), String(usage.imageTokens), String(usage.completionTokens), (usage.costUsd ?? 0).toFixed(5)]);
          total.promptTokens += usage.promptTokens;
          total.completionTokens += usage.completionTokens;
          total.imageTokens += usage.imageTokens;
          total.costUsd = (total.costUsd ?? 0) + (usage.costUsd ?? 0);
        }
        rows.push([setting, 'TOTAL', String(total.promptTokens), String(total.imageTokens), String(total.completionTokens), (total.costUsd ?? 0).toFixed(5)]);
        totals[setting] = total;
      }
      const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
      process.stdout.write(`model ${model}\n${rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ')).join('\n')}\n`);
      const ratio = (totals.default.costUsd ?? 0) / (totals.naive.costUsd ?? 1);
      process.stdout.write(`default / naive cost: ${(ratio * 100).toFixed(1)}% (tokens ${(((totals.default.promptTokens + totals.default.completionTokens) / (totals.naive.promptTokens + totals.naive.completionTokens)) * 100).toFixed(1)}%)\n\n`);
    }
  } finally {
    await fake.close();
  }
}

runMain('bench:judge', main);
