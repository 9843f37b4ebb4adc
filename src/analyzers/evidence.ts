import type { Severity } from '../domain/types';

/**
 * How sure a finding read from the sampled frames' pixels is. The pixel judge
 * guesses what is on screen (text, shapes, what crosses what) without knowing
 * the scene, so a finding's severity follows its evidence, never the worst the
 * defect could be. Findings measured on every decoded frame (blank, still,
 * pacing, flashing) are not guesses about what is on screen and keep their
 * own rules.
 */
export interface Evidence {
  /** Sampled frames that show it (in a row, where the rule asks for that). */
  frames: number;
  /** The measure against its threshold: 1 at the threshold, 2 twice past it. */
  strength: number;
  /** A benign thing on screen that gives the same measure (a formula's tall signs, a line ending at a label), or null. */
  lookalike: string | null;
}

/** At least this many sampled frames make evidence repeated. */
const REPEATED_FRAMES = 2;
/** HIGH needs this many frames, with the measure this far past its threshold. */
const STRONG_FRAMES = 3;
const STRONG_MEASURE = 1.5;

/**
 * The one rule from evidence to severity: a finding seen in a single sampled
 * frame, or one a benign look-alike could give, is at most LOW and says why;
 * only strong, repeated evidence reaches HIGH; anything else is at most
 * MEDIUM. `worst` is what the finding is when it is certain.
 */
export function severityOf(evidence: Evidence, worst: Severity): { severity: Severity; note: string } {
  if (evidence.frames < REPEATED_FRAMES)
    return { severity: 'LOW', note: ' Seen in one sampled frame only: a guess from the pixels, check it.' };
  if (evidence.lookalike) return { severity: 'LOW', note: ` It may also be ${evidence.lookalike}: a guess from the pixels, check it.` };
  if (worst === 'HIGH' && (evidence.frames < STRONG_FRAMES || evidence.strength < STRONG_MEASURE)) return { severity: 'MEDIUM', note: '' };
  return { severity: worst, note: '' };
}
