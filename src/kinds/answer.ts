import { z } from 'zod';
import { EVAL_KINDS, type EvalKind } from '../domain/types';
import { KINDS } from './index';

/**
 * The kinds judged from frames. They are shown the same frames, so their
 * requests share one prefix and one answer schema: a structured-output schema is
 * part of the prompt's prefix (OpenAI places it before the system message), so
 * a schema per kind would make every kind's prefix differ from the first token.
 */
export const FRAME_KINDS: readonly EvalKind[] = EVAL_KINDS.filter((kind) => KINDS[kind].usesFrames);

/**
 * One part per frame kind, each that kind's (bounded) answer or null. A request
 * asks for some parts (one kind, or several in combined mode) and says the
 * others are null; each asked part is validated by its kind's own schema.
 */
function frameKindsAnswerSchema(frameIndices: readonly number[]) {
  return z.object(Object.fromEntries(FRAME_KINDS.map((kind) => [kind, KINDS[kind].answerSchema(frameIndices).nullable()]))).strict();
}

/** The schema a request for `kind` sends and its answer is read with. */
export function requestSchemaOf(kind: EvalKind, frameIndices: readonly number[]): z.ZodType {
  return KINDS[kind].usesFrames ? frameKindsAnswerSchema(frameIndices) : KINDS[kind].answerSchema(frameIndices);
}
