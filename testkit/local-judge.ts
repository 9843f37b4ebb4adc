import { judgedStatus } from '../src/domain/status';
import { EVAL_KINDS, type EvalKind, type TerminalEvalRunStatus } from '../src/domain/types';
import type { Config } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { KINDS } from '../src/kinds';
import { normalizeVerdict, type NormalizedVerdict } from '../src/kinds/verdict';
import { localVerdict } from '../src/analyzers/scorers';
import { extractFrames } from '../src/media/extract';
import { buildManifest } from '../src/media/manifest';

export const FRAME_KINDS = EVAL_KINDS.filter((k) => k !== 'USER_INPUT_SECURITY');

export type LocalResults = Map<EvalKind, NormalizedVerdict & { status: TerminalEvalRunStatus }>;

/**
 * The local judge's verdict on a video per frame kind, reached as the pipeline
 * reaches it: extraction with the whole-video signal, each kind's local scorer,
 * normalisation and the status rule; without Temporal or a database.
 */
export async function judgeVideoLocally(file: string, config: Config, workDir: string): Promise<LocalResults> {
  const { plan, frames, signal } = await extractFrames(file, resolveMediaTools(config), { media: config.media, allowLocalFiles: true, workDir, withSignal: true }, () => undefined);
  // Frame keys name one video's frames, as the frame store's do (measures are cached by key).
  const loaded = frames.map((f) => ({ ...f, key: `${file}#${f.index}` }));
  const manifest = buildManifest(plan, loaded);
  const results: LocalResults = new Map();
  for (const kind of FRAME_KINDS) {
    const definition = KINDS[kind];
    const input = { userInput: null, title: null, description: null, durationMs: manifest.durationMs, frameCount: frames.length };
    const verdict = normalizeVerdict(definition, await localVerdict({ definition, input, frames: loaded, manifest, videoSignal: signal }), manifest);
    results.set(kind, { ...verdict, status: judgedStatus(verdict.score, definition.passThreshold, verdict.issues.map((i) => i.severity)) });
  }
  return results;
}

/** `00:06.5 right edge` -> 6500; NaN when the hint has no timestamp. */
export function hintMs(hint: string | null): number {
  const m = /^(\d+):(\d+)\.(\d)/.exec(hint ?? '');
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 1000 + Number(m[3]) * 100 : NaN;
}
