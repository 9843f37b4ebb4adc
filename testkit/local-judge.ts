import crypto from 'node:crypto';
import { judgedStatus } from '../src/domain/status';
import type { EvalKind, TerminalEvalRunStatus } from '../src/domain/types';
import { FRAME_KINDS } from '../src/kinds/answer';
import type { SeenContent } from './fake-openai';
import type { Config } from '../src/config';
import { resolveMediaTools, type MediaTools } from '../src/infra/ffmpeg';
import { KINDS } from '../src/kinds';
import { normalizeVerdict, type NormalizedVerdict } from '../src/kinds/verdict';
import { localVerdict } from '../src/analyzers/scoring';
import { extractFrames, type Extraction } from '../src/media/extract';
import { buildManifest } from '../src/media/manifest';

export { FRAME_KINDS };

export type LocalResults = Map<EvalKind, NormalizedVerdict & { status: TerminalEvalRunStatus }>;

/** A video's frames, plan and whole-video signal, extracted as the pipeline extracts them (single pass, with the signal). */
export function extractLocally(file: string, tools: MediaTools, config: Config, workDir: string): Promise<Extraction> {
  return extractFrames(file, tools, { media: config.media, allowLocalFiles: true, workDir, withSignal: true }, () => undefined);
}

/**
 * The local judge's verdict per frame kind on an extraction, reached as the
 * pipeline reaches it: each kind's local scorer, normalisation and the status
 * rule; without Temporal or a database.
 */
export async function judgeExtraction({ plan, frames, signal }: Extraction): Promise<LocalResults> {
  // Frame keys name a frame's bytes and place, as the frame store's name one stored frame (measures are cached by key).
  const loaded = frames.map((f) => ({
    ...f,
    key: `${crypto.createHash('sha256').update(f.jpeg).digest('hex')}#${f.index}@${f.timestampMs}`,
  }));
  const manifest = buildManifest(plan, loaded);
  const results: LocalResults = new Map();
  for (const kind of FRAME_KINDS) {
    const definition = KINDS[kind];
    const input = { userInput: null, title: null, description: null, durationMs: manifest.durationMs, frameCount: frames.length };
    const verdict = normalizeVerdict(
      definition,
      await localVerdict({ definition, input, frames: loaded, manifest, videoSignal: signal }),
      manifest,
    );
    results.set(kind, {
      ...verdict,
      status: judgedStatus(
        verdict.score,
        definition.passThreshold,
        verdict.issues.map((i) => i.severity),
      ),
    });
  }
  return results;
}

/** The local judge's verdict on a video per frame kind, with the ffmpeg the configuration resolves. */
export async function judgeVideoLocally(file: string, config: Config, workDir: string): Promise<LocalResults> {
  return judgeExtraction(await extractLocally(file, resolveMediaTools(config), config, workDir));
}

/** When an issue is on screen, ms; NaN when it is pinned to no time (so comparisons with it are false). */
export const issueMs = (issue: { timestampMs?: number | null }): number => issue.timestampMs ?? NaN;

/**
 * The fake endpoint answering as a judge would from what it was shown: each
 * kind's local scorer over the frames and text of the request, written as that
 * kind's answer (a rubric's score spread over its criteria in proportion).
 */
export async function answerAsLocalJudge(kind: EvalKind, seen: SeenContent): Promise<unknown> {
  const definition = KINDS[kind];
  const verdict = await localVerdict({
    definition,
    input: seen.input,
    frames: definition.usesFrames ? seen.frames : [],
    manifest: null,
    videoSignal: null,
  });
  const score = Math.min(Math.max(verdict.score, 0), definition.maxScore);
  const issues = verdict.issues.map(({ severity, category, frameIndex, location, description, suggestedFix }) => ({
    severity,
    category,
    frameIndex,
    location,
    description,
    suggestedFix,
  }));
  const { criteria } = definition;
  if (!criteria) return { score, summary: verdict.summary || 'Judged.', issues };
  const share = score / definition.maxScore;
  return {
    criteria: Object.fromEntries(criteria.map((c) => [c.name, { score: c.maxScore * share, reason: 'Judged.' }])),
    summary: verdict.summary || 'Judged.',
    issues,
  };
}
