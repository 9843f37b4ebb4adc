import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import sharp from 'sharp';
import type { Config } from '../config';
import { PermanentError, RetryableError, retryAfterMs } from '../errors';
import type { KindDefinition, Verdict } from '../kinds';
import { consensus } from './consensus';
import { costUsd, imageTokens } from './pricing';
import { buildMessages, contentTexts, newFence, readAnswer, reaskMessages, responseFormat, type PreparedImage } from './prompt';
import type { LoadedFrame } from '../media/manifest';
import type { JudgeProvider, JudgeRequest, Judgement, Usage } from './provider';

async function prepareImages(frames: readonly LoadedFrame[], vision: { width: number; detail: PreparedImage['detail'] }): Promise<PreparedImage[]> {
  return Promise.all(
    frames.map(async (frame) => {
      let { jpeg, width, height } = frame;
      if (frame.width > vision.width) {
        const resized = await sharp(frame.jpeg).resize({ width: vision.width }).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
        ({ data: jpeg, info: { width, height } } = resized);
      }
      return { index: frame.index, timestampMs: frame.timestampMs, width, height, dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`, detail: vision.detail };
    }),
  );
}

interface Answered {
  verdict: Verdict;
  promptTokens: number;
  completionTokens: number;
  calls: number;
}

/**
 * The LLM judge over any OpenAI-compatible endpoint. The SDK does not retry
 * (maxRetries 0): every transport fault becomes a RetryableError or a
 * PermanentError, and Temporal's retry policy owns the retrying.
 */
export class OpenAiProvider implements JudgeProvider {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly settings: Config['judge']) {
    // Everything explicit: the SDK would otherwise fall back to its own environment variables.
    this.client = new OpenAI({
      apiKey: settings.openaiApiKey,
      baseURL: settings.openaiBaseUrl ?? 'https://api.openai.com/v1',
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      maxRetries: 0,
      timeout: settings.timeoutMs,
      // Failures surface as activity errors, which say what is at fault without the SDK's request dumps.
      logLevel: 'off',
    });
  }

  modelFor(definition: KindDefinition): string {
    return this.settings.modelByKind[definition.kind] ?? this.settings.model;
  }

  /** The variable an operator changes to fix a wrong model. */
  private modelVariable(definition: KindDefinition): string {
    return this.settings.modelByKind[definition.kind] ? `EVALS_MODEL_${definition.kind}` : 'EVALS_MODEL';
  }

  async judge(request: JudgeRequest): Promise<Judgement> {
    const { definition } = request;
    const model = this.modelFor(definition);
    const vision = definition.vision && {
      width: this.settings.imageWidth ?? definition.vision.width,
      detail: this.settings.imageDetail ?? definition.vision.detail,
    };
    const images = vision ? await prepareImages(request.frames, vision) : [];
    const answers = await Promise.all(Array.from({ length: this.settings.samples }, () => this.answer(request, model, images)));

    const promptTokens = answers.reduce((s, a) => s + a.promptTokens, 0);
    const completionTokens = answers.reduce((s, a) => s + a.completionTokens, 0);
    const calls = answers.reduce((s, a) => s + a.calls, 0);
    const usage: Usage = {
      promptTokens,
      completionTokens,
      imageTokens: calls * images.reduce((s, i) => s + imageTokens(model, i.width, i.height, i.detail), 0),
      costUsd: costUsd(model, promptTokens, completionTokens, this.settings.prices),
    };
    return { provider: this.name, model, verdict: consensus(answers.map((a) => a.verdict)), usage };
  }

  /** One answer, re-asked once with the validation error when invalid. */
  private async answer(request: JudgeRequest, model: string, images: PreparedImage[]): Promise<Answered> {
    const { definition, input, signal } = request;
    const frameIndices = new Set(images.map((i) => i.index));
    const messages = buildMessages(definition, input, images, newFence(contentTexts(definition, input)), this.settings.responseFormat);

    const first = await this.complete(definition, model, messages, signal);
    let reading = readAnswer(definition, first.content, frameIndices);
    let [promptTokens, completionTokens, calls] = [first.promptTokens, first.completionTokens, 1];
    if (!reading.ok) {
      const second = await this.complete(definition, model, [...messages, ...reaskMessages(first.content, reading.error)], signal);
      promptTokens += second.promptTokens;
      completionTokens += second.completionTokens;
      calls++;
      reading = readAnswer(definition, second.content, frameIndices);
      if (!reading.ok) throw new PermanentError('invalid-judge-answer', `the judge (${model}) answered invalidly twice: ${reading.error}`);
    }
    return { verdict: reading.verdict, promptTokens, completionTokens, calls };
  }

  private async complete(definition: KindDefinition, model: string, messages: ChatCompletionMessageParam[], signal: AbortSignal) {
    // One deadline for the whole exchange, body included (the SDK's timeout stops at the headers).
    const deadline = AbortSignal.timeout(this.settings.timeoutMs);
    let completion: OpenAI.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        { model, messages, temperature: 0, response_format: responseFormat(definition, this.settings.responseFormat) },
        { signal: AbortSignal.any([signal, deadline]) },
      );
    } catch (err) {
      if (signal.aborted) throw err;
      throw this.transportError(err, definition, model, deadline.aborted);
    }
    if (!Array.isArray(completion?.choices)) {
      throw new RetryableError('the judge endpoint answered without choices: is OPENAI_BASE_URL an OpenAI-compatible endpoint?');
    }
    const message = completion.choices[0]?.message;
    return {
      content: message?.content ?? (message?.refusal ? `(refused: ${message.refusal})` : null),
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    };
  }

  /** Maps a failed request onto the error taxonomy; messages name the configuration at fault, never the key. */
  private transportError(err: unknown, definition: KindDefinition, model: string, timedOut: boolean): Error {
    const seconds = this.settings.timeoutMs / 1000;
    if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError) {
      return new RetryableError(`judge request timed out after ${seconds} s (EVALS_JUDGE_TIMEOUT_SECONDS)`);
    }
    if (err instanceof OpenAI.APIConnectionError) return new RetryableError('could not reach the judge endpoint (OPENAI_BASE_URL)');
    if (!(err instanceof OpenAI.APIError) || err.status === undefined) return new RetryableError(this.redact(err instanceof Error ? err.message : String(err)));
    const status = err.status;
    const modelVar = this.modelVariable(definition);
    switch (status) {
      case 429:
        return new RetryableError('the judge endpoint is rate limiting (429)', retryAfterMs(err.headers));
      case 401:
        return new PermanentError('provider-rejected', 'OPENAI_API_KEY rejected by the judge endpoint (401)');
      case 403:
        return new PermanentError('provider-rejected', `OPENAI_API_KEY may not use model ${model} (403; model from ${modelVar})`);
      case 404:
        return new PermanentError('provider-rejected', `model ${model} not found at the judge endpoint (404; check ${modelVar} and OPENAI_BASE_URL)`);
      case 408:
      case 409:
        return new RetryableError(`the judge endpoint asked to retry (${status})`);
    }
    if (status >= 500) return new RetryableError(`the judge endpoint failed (${status})`);
    return new PermanentError(
      'provider-rejected',
      `the judge endpoint rejected the request for model ${model} (${status}: ${this.redact(err.message)}; check that ${modelVar} names a vision model with json_schema support, or set EVALS_RESPONSE_FORMAT=json_object)`,
    );
  }

  /** Server text may echo credentials: keep it short and without anything key-like. */
  private redact(text: string): string {
    const key = this.settings.openaiApiKey;
    const scrubbed = (key ? text.split(key).join('[redacted]') : text).replace(/\b(sk-[A-Za-z0-9_*-]{3,}|Bearer\s+\S+)/g, '[redacted]');
    return scrubbed.length <= 160 ? scrubbed : `${scrubbed.slice(0, 159)}…`;
  }
}
