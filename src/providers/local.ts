import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import type { IssueDraft, KindDefinition, Verdict } from '../kinds';
import { formatTimestamp } from '../media/manifest';
import type { JudgeProvider, JudgeRequest, Judgement, LoadedFrame } from './provider';

export const LOCAL_MODEL = 'local-analyzers/v1';

/** A frame whose every channel varies this little is blank (solid colour). */
const BLANK_STDEV = 4;

async function isBlank(frame: LoadedFrame): Promise<boolean> {
  const stats = await sharp(frame.jpeg).resize({ width: 160 }).stats();
  return stats.channels.every((c) => c.stdev < BLANK_STDEV);
}

async function visualValidation(frames: LoadedFrame[]): Promise<Verdict> {
  const blanks = await Promise.all(frames.map(isBlank));
  const issues: IssueDraft[] = [];
  // One issue per stretch of consecutive blank frames, pointing at its first frame.
  for (let i = 0; i < frames.length; i++) {
    if (!blanks[i] || (i > 0 && blanks[i - 1])) continue;
    let end = i;
    while (end + 1 < frames.length && blanks[end + 1]) end++;
    const whole = i === 0 && end === frames.length - 1;
    issues.push({
      severity: whole || end - i + 1 >= frames.length / 2 ? 'HIGH' : 'MEDIUM',
      category: 'blank_frame',
      frameIndex: frames[i].index,
      location: null,
      description: whole
        ? 'Every sampled frame is a single flat colour: the animation shows nothing.'
        : `Frames from ${formatTimestamp(frames[i].timestampMs)} to ${formatTimestamp(frames[end].timestampMs)} are a single flat colour.`,
      suggestedFix: 'Check that objects are added to the scene and that the render did not end early.',
    });
  }
  const blankCount = blanks.filter(Boolean).length;
  const score = frames.length === 0 ? 0 : Math.round(100 * (1 - blankCount / frames.length));
  return { score, summary: blankCount === 0 ? 'No blank frames.' : `${blankCount} of ${frames.length} frames are blank.`, issues };
}

const INJECTION_PATTERNS: { pattern: RegExp; category: string; what: string }[] = [
  { pattern: /\b(ignore|disregard|forget)\b.{0,40}\b(previous|prior|above|all|system)\b.{0,20}\b(instructions?|prompts?|rules?)\b/i, category: 'prompt_injection', what: 'asks to override earlier instructions' },
  { pattern: /\b(reveal|print|show|repeat)\b.{0,30}\b(system prompt|instructions|hidden prompt)\b/i, category: 'prompt_injection', what: 'asks to reveal the system prompt' },
];

function userInputSecurity(text: string): Verdict {
  const issues: IssueDraft[] = INJECTION_PATTERNS.filter((p) => p.pattern.test(text)).map((p) => ({
    severity: 'HIGH',
    category: p.category,
    frameIndex: null,
    location: null,
    description: `The user input ${p.what}.`,
    suggestedFix: 'Reject the request or strip the instruction before generating code.',
  }));
  return { score: issues.length === 0 ? 100 : 0, summary: issues.length === 0 ? 'No risky patterns found.' : `${issues.length} risky pattern(s) found.`, issues };
}

function noFindings(definition: KindDefinition): Verdict {
  return { score: definition.maxScore, summary: 'No local analyzer findings.', issues: [] };
}

/** Deterministic analyzers over frames and input text; no network. */
export class LocalProvider implements JudgeProvider {
  readonly name = 'local';

  /** `delayMs` (EVALS_LOCAL_JUDGE_DELAY_MS) is for tests and benches that need a judge of known latency. */
  constructor(private readonly delayMs = 0) {}

  modelFor(): string {
    return LOCAL_MODEL;
  }

  async judge({ definition, input, frames, signal }: JudgeRequest): Promise<Judgement> {
    if (this.delayMs > 0) await sleep(this.delayMs, undefined, { signal });
    let verdict: Verdict;
    switch (definition.kind) {
      case 'VISUAL_VALIDATION_JSON':
        verdict = await visualValidation(frames);
        break;
      case 'USER_INPUT_SECURITY':
        verdict = userInputSecurity(input.userInput ?? '');
        break;
      default:
        verdict = noFindings(definition);
    }
    return { provider: this.name, model: LOCAL_MODEL, verdict };
  }
}
