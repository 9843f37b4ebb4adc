import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { EvalKind, KindDefinition, KindInput } from '../kinds';
import { answerSchemaOf, buildPrompt, type Fence, type JudgePrompt, type PreparedImage, reaskOf } from './prompt';

/**
 * The neutral prompt (src/providers/prompt.ts) as OpenAI chat completions:
 * messages with image_url parts, and the answer schema as a structured-output
 * response format, or written into the system message in JSON mode.
 */

/** Structured outputs (`json_schema`, strict), or plain JSON mode with the schema in the prompt (EVALS_RESPONSE_FORMAT). */
export type AnswerFormat = 'json_schema' | 'json_object';

/** Structured output (`json_schema`, strict) generated from the same zod schema the answer is validated with. */
function strictFormat(kind: EvalKind, frameIndices: readonly number[]) {
  // Loaded on use, as the SDK itself is (src/providers/openai.ts).
  const { zodResponseFormat } = require('openai/helpers/zod') as typeof import('openai/helpers/zod');
  const { name, schema } = answerSchemaOf(kind, frameIndices);
  return zodResponseFormat(schema, name);
}

export function responseFormat(kind: EvalKind, frameIndices: readonly number[], format: AnswerFormat) {
  return format === 'json_schema' ? strictFormat(kind, frameIndices) : ({ type: 'json_object' } as const);
}

export function toMessages(prompt: JudgePrompt): ChatCompletionMessageParam[] {
  const content = prompt.content.map(
    (part): ChatCompletionContentPart =>
      part.type === 'text' ? part : { type: 'image_url', image_url: { url: part.image.dataUrl, detail: part.image.detail } },
  );
  return [
    { role: 'system', content: prompt.system },
    { role: 'user', content },
  ];
}

/** The request's messages; in JSON mode the endpoint enforces no schema, so the system message carries it. */
export function buildMessages(
  kinds: readonly KindDefinition[],
  input: KindInput,
  images: readonly PreparedImage[],
  fence: Fence,
  format: AnswerFormat,
  sceneFacts: string | null = null,
): ChatCompletionMessageParam[] {
  const frameIndices = images.map((i) => i.index);
  const schema = format === 'json_object' ? strictFormat(kinds[0].kind, frameIndices).json_schema.schema! : null;
  return toMessages(buildPrompt(kinds, input, images, fence, schema, sceneFacts));
}

/** The re-ask as two more turns of the same conversation, so its prefix is cached too. */
export function reaskMessages(answer: string | null, kinds: readonly KindDefinition[], error: string): ChatCompletionMessageParam[] {
  const reask = reaskOf(answer, kinds, error);
  return [
    { role: 'assistant', content: reask.answer },
    { role: 'user', content: reask.correction },
  ];
}
