import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { sharp } from '../infra/sharp';
import type { Config } from '../config';
import { PermanentError, RetryableError, retryAfterMs } from '../errors';
import type { EvalKind, KindDefinition, Verdict } from '../kinds';
import { FRAME_VISION } from '../kinds/kind';
import { sceneFacts } from '../scene/judge';
import { scrubCredentials, secretScrubber } from '../secrets';
import { consensus } from './consensus';
import { buildMessages, reaskMessages, responseFormat } from './openai-messages';
import { OPENAI_PRICING } from './openai-pricing';
import { contentTexts, fenceOf, readAnswers, type PreparedImage } from './prompt';
import type { LoadedFrame } from '../media/manifest';
import type { JudgeProvider, JudgeRequest, Judgement, Usage } from './provider';

async function prepareImages(
  frames: readonly LoadedFrame[],
  vision: { width: number; detail: PreparedImage['detail'] },
): Promise<PreparedImage[]> {
  return Promise.all(
    frames.map(async (frame) => {
      let { jpeg, width, height } = frame;
      if (frame.width > vision.width) {
        const resized = await sharp(frame.jpeg).resize({ width: vision.width }).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
        ({
          data: jpeg,
          info: { width, height },
        } = resized);
      }
      return {
        index: frame.index,
        timestampMs: frame.timestampMs,
        width,
        height,
        dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        detail: vision.detail,
      };
    }),
  );
}

/** One request and its re-asks: the kinds asked, the model, the frames shown and the messages. */
interface Exchange {
  kinds: readonly KindDefinition[];
  model: string;
  images: readonly PreparedImage[];
  messages: ChatCompletionMessageParam[];
  cacheKey: string;
  signal: AbortSignal;
}

/** What one kind got from one sample: its verdict or why it failed, and its share of the requests' usage. */
interface PartAnswer {
  verdict: Verdict | null;
  error: string | null;
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  imageTokens: number;
}

/** The `i`-th of `n` integer shares of `total`, summing to it exactly. */
const share = (total: number, n: number, i: number) => Math.floor(total / n) + (i < total % n ? 1 : 0);

/** The openai SDK, loaded when an OpenAI judge is created: commands judging locally start without it. */
const openaiSdk = () => (require('openai') as typeof import('openai')).default;

/**
 * The LLM judge over any OpenAI-compatible endpoint. The SDK does not retry
 * (maxRetries 0): every transport fault becomes a RetryableError or a
 * PermanentError, and Temporal's retry policy owns the retrying.
 */
export class OpenAiProvider implements JudgeProvider {
  readonly name = 'openai';
  readonly cachesPromptPrefix = true;
  /** OpenAI's list prices and image-token rules; EVALS_PRICES overrides them. */
  readonly pricing = OPENAI_PRICING;
  private readonly client: OpenAI;
  private readonly sdk = openaiSdk();

  constructor(private readonly settings: Config['judge']) {
    // Everything explicit: the SDK would otherwise fall back to its own environment variables.
    this.client = new this.sdk({
      apiKey: settings.openai.apiKey,
      baseURL: settings.openai.baseUrl ?? 'https://api.openai.com/v1',
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
    const judgement = (await this.judgeGroup([request])).get(request.definition.kind)!;
    if (judgement instanceof Error) throw judgement;
    return judgement;
  }

  /** One request per model: kinds sharing a model are asked together, each answer part read and re-asked on its own. */
  async judgeTogether(requests: readonly JudgeRequest[]): Promise<Map<EvalKind, Judgement | Error>> {
    const byModel = new Map<string, JudgeRequest[]>();
    for (const request of requests) {
      const model = this.modelFor(request.definition);
      byModel.set(model, [...(byModel.get(model) ?? []), request]);
    }
    const groups = await Promise.all([...byModel.values()].map((group) => this.judgeGroup(group)));
    return new Map(groups.flatMap((g) => [...g]));
  }

  /** Kinds of one pipeline run asked in one request (per-kind mode: a group of one). */
  private async judgeGroup(requests: readonly JudgeRequest[]): Promise<Map<EvalKind, Judgement | Error>> {
    const [{ input, frames, pipelineRun, signal, scene, manifest }] = requests;
    const kinds = requests.map((r) => r.definition);
    const model = this.modelFor(kinds[0]);
    const vision = { width: this.settings.imageWidth ?? FRAME_VISION.width, detail: this.settings.imageDetail ?? FRAME_VISION.detail };
    const images = kinds[0].usesFrames ? await prepareImages(frames, vision) : [];
    const facts = kinds[0].usesFrames && scene ? sceneFacts(scene, manifest) : null;
    const fence = fenceOf(pipelineRun.secret, contentTexts(kinds[0], input, facts));
    const messages = buildMessages(kinds, input, images, fence, this.settings.responseFormat, facts);
    const exchange: Exchange = { kinds, model, images, messages, cacheKey: `eval-pipeline-run:${pipelineRun.id}`, signal };
    const samples = await Promise.all(Array.from({ length: this.settings.samples }, () => this.answer(exchange)));

    return new Map(
      kinds.map((definition): [EvalKind, Judgement | Error] => {
        const parts = samples.map((sample) => sample.get(definition.kind)!);
        const failed = parts.find((p) => p.error !== null);
        if (failed)
          return [
            definition.kind,
            new PermanentError('invalid-judge-answer', `the judge (${model}) answered invalidly twice: ${failed.error}`),
          ];
        const sum = (field: 'promptTokens' | 'cachedTokens' | 'completionTokens' | 'imageTokens') =>
          parts.reduce((s, p) => s + p[field], 0);
        const tokens = { promptTokens: sum('promptTokens'), cachedTokens: sum('cachedTokens'), completionTokens: sum('completionTokens') };
        const usage: Usage = {
          ...tokens,
          imageTokens: sum('imageTokens'),
          costUsd: this.pricing.costUsd(model, tokens, this.settings.prices),
        };
        const verdict = consensus(parts.map((p) => p.verdict!));
        return [
          definition.kind,
          {
            provider: this.name,
            model,
            verdict: { ...verdict, issues: verdict.issues.map((i) => ({ ...i, origin: 'judge' as const })) },
            usage,
          },
        ];
      }),
    );
  }

  /**
   * One answer for every kind of the exchange. The request's usage is shared
   * evenly between its kinds; an invalid part is re-asked once, for that kind
   * alone, in the same conversation (so the re-ask's prefix is cached too).
   */
  private async answer(exchange: Exchange): Promise<Map<EvalKind, PartAnswer>> {
    const { kinds, model, images, messages } = exchange;
    const frameIndices = images.map((i) => i.index);
    const imageTokensPerCall = images.reduce((s, i) => s + this.pricing.imageTokens(model, i.width, i.height, i.detail), 0);
    const first = await this.complete(exchange, messages);
    const readings = readAnswers(kinds, first.content, frameIndices);

    return new Map(
      await Promise.all(
        kinds.map(async (definition, i): Promise<[EvalKind, PartAnswer]> => {
          const n = kinds.length;
          const part: PartAnswer = {
            verdict: null,
            error: null,
            promptTokens: share(first.promptTokens, n, i),
            cachedTokens: share(first.cachedTokens, n, i),
            completionTokens: share(first.completionTokens, n, i),
            imageTokens: share(imageTokensPerCall, n, i),
          };
          let reading = readings.get(definition.kind)!;
          if (!reading.ok) {
            const second = await this.complete(exchange, [...messages, ...reaskMessages(first.content, [definition], reading.error)]);
            part.promptTokens += second.promptTokens;
            part.cachedTokens += second.cachedTokens;
            part.completionTokens += second.completionTokens;
            part.imageTokens += imageTokensPerCall;
            reading = readAnswers([definition], second.content, frameIndices).get(definition.kind)!;
          }
          if (reading.ok) part.verdict = reading.verdict;
          else part.error = reading.error;
          return [definition.kind, part];
        }),
      ),
    );
  }

  private async complete(exchange: Exchange, messages: ChatCompletionMessageParam[]) {
    const { kinds, model, images, signal } = exchange;
    const definition = kinds[0];
    // One deadline for the whole exchange, body included (the SDK's timeout stops at the headers).
    const deadline = AbortSignal.timeout(this.settings.timeoutMs);
    let completion: OpenAI.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model,
          messages,
          temperature: 0,
          response_format: responseFormat(
            definition.kind,
            images.map((i) => i.index),
            this.settings.responseFormat,
          ),
          // Routes the run's requests to the same cache; endpoints without prompt caching ignore it.
          prompt_cache_key: exchange.cacheKey,
        },
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
      cachedTokens: completion.usage?.prompt_tokens_details?.cached_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    };
  }

  /** Maps a failed request onto the error taxonomy; messages name the configuration at fault, never the key. */
  private transportError(err: unknown, definition: KindDefinition, model: string, timedOut: boolean): Error {
    const seconds = this.settings.timeoutMs / 1000;
    if (timedOut || err instanceof this.sdk.APIConnectionTimeoutError) {
      return new RetryableError(`judge request timed out after ${seconds} s (EVALS_JUDGE_TIMEOUT_SECONDS)`);
    }
    if (err instanceof this.sdk.APIConnectionError) return new RetryableError('could not reach the judge endpoint (OPENAI_BASE_URL)');
    if (!(err instanceof this.sdk.APIError) || err.status === undefined)
      return new RetryableError(this.redact(err instanceof Error ? err.message : String(err)));
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
        return new PermanentError(
          'provider-rejected',
          `model ${model} not found at the judge endpoint (404; check ${modelVar} and OPENAI_BASE_URL)`,
        );
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
    const scrubbed = scrubCredentials(secretScrubber(this.settings.openai.apiKey ? [this.settings.openai.apiKey] : [])(text));
    return scrubbed.length <= 160 ? scrubbed : `${scrubbed.slice(0, 159)}…`;
  }
}
