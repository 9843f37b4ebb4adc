import { z } from 'zod';
import { EVAL_KINDS, type EvalKind } from '../domain/types';
import { bool, ConfigError, httpUrl, list, oneOf, positiveInt, positiveNumber, secret, section, text, wholeNumber } from './rules';

const PriceSchema = z
  .object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    /** Input served from the endpoint's prompt cache; absent: billed as input. */
    cachedInput: z.number().nonnegative().optional(),
  })
  .strict();

/** USD per million tokens. */
export type ModelPrice = z.infer<typeof PriceSchema>;

/**
 * Each judge provider's own variables and settings, declared once; the key is its
 * name (EVALS_PROVIDER), and src/providers/index.ts creates the provider from them.
 * `build` runs for every provider (`chosen`: this one judges, so its requirements apply).
 */
export const PROVIDERS = {
  openai: providerSettings({
    variables: {
      OPENAI_API_KEY: secret(text.optional()),
      OPENAI_BASE_URL: httpUrl.optional(),
      /** Merge the local analyzers' findings into each eval run. */
      EVALS_LOCAL_PRECHECKS: bool.default(true),
    },
    build: (e, chosen) => {
      if (chosen && !e.OPENAI_API_KEY) throw new ConfigError('invalid configuration: EVALS_PROVIDER=openai needs OPENAI_API_KEY');
      return { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, localPrechecks: e.EVALS_LOCAL_PRECHECKS };
    },
  }),
  local: providerSettings({
    variables: {
      /** Test and bench only: the local provider waits this long per call, standing in for a slow judge. */
      EVALS_LOCAL_JUDGE_DELAY_MS: wholeNumber(0).default(0),
    },
    build: (e) => ({ delayMs: e.EVALS_LOCAL_JUDGE_DELAY_MS }),
  }),
};

export type ProviderName = keyof typeof PROVIDERS;
type ProviderSettings = { [N in ProviderName]: ReturnType<(typeof PROVIDERS)[N]['build']> };
const PROVIDER_NAMES = Object.keys(PROVIDERS) as [ProviderName, ...ProviderName[]];

function providerSettings<V extends z.ZodRawShape, T>(definition: {
  variables: V;
  build: (values: z.output<z.ZodObject<V>>, chosen: boolean) => T;
}) {
  return definition;
}

export const judge = section({
  variables: {
    EVALS_PROVIDER: oneOf(PROVIDER_NAMES).optional(),
    EVALS_MODEL: text.default('gpt-4.1-mini'),
    EVALS_DISABLED_KINDS: z.string().default(''),
    EVALS_SAMPLES: wholeNumber(1, 9).default(1),
    // A request and its one re-ask, after a wait for a judge slot, must fit the judge activity's 10-minute start-to-close timeout.
    EVALS_JUDGE_TIMEOUT_SECONDS: positiveNumber(140).default(90),
    EVALS_IMAGE_DETAIL: oneOf(['low', 'high', 'auto']).optional(),
    EVALS_IMAGE_WIDTH: wholeNumber(1, 2048).optional(),
    EVALS_PRICES: z.string().optional(),
    EVALS_RESPONSE_FORMAT: oneOf(['json_schema', 'json_object']).default('json_schema'),
    EVALS_JUDGE_MODE: oneOf(['per-kind', 'combined']).default('per-kind'),
    EVALS_JUDGE_CONCURRENCY: positiveInt.default(4),
    // The providers' own variables: parsed by the loader with the rest, typed in each provider's `build`.
    ...(Object.assign({}, ...Object.values(PROVIDERS).map((p) => p.variables)) as object),
  },
  patterned: EVAL_KINDS.map((k) => `EVALS_MODEL_${k}`),
  build: (e, env) => {
    const provider: ProviderName = e.EVALS_PROVIDER ?? (env.OPENAI_API_KEY ? 'openai' : 'local');
    const settings = Object.fromEntries(
      Object.entries(PROVIDERS).map(([name, p]) => [name, p.build(e as never, name === provider)]),
    ) as ProviderSettings;
    return {
      provider,
      ...settings,
      model: e.EVALS_MODEL,
      modelByKind: modelByKind(env),
      disabledKinds: disabledKinds(e.EVALS_DISABLED_KINDS),
      /** Answers asked per eval run (self-consistency): median score, majority issues. */
      samples: e.EVALS_SAMPLES,
      /** Deadline of one judge request, response body included. */
      timeoutMs: Math.round(e.EVALS_JUDGE_TIMEOUT_SECONDS * 1000),
      /** Overrides the frame kinds' shared image detail / width (FRAME_VISION in src/kinds/kind.ts). */
      imageDetail: e.EVALS_IMAGE_DETAIL,
      imageWidth: e.EVALS_IMAGE_WIDTH,
      /** USD per million tokens by model, over each provider's list prices (src/providers/openai-pricing.ts). */
      prices: parsePrices(e.EVALS_PRICES),
      /** Structured outputs, or plain JSON mode (schema in the prompt) for endpoints without json_schema. */
      responseFormat: e.EVALS_RESPONSE_FORMAT,
      /** One request per frame kind, or one request answering the frame kinds together (decided per pipeline run). */
      mode: e.EVALS_JUDGE_MODE,
      /** Concurrent provider calls per worker process. */
      concurrency: e.EVALS_JUDGE_CONCURRENCY,
    };
  },
});

function disabledKinds(value: string): EvalKind[] {
  return list(value).map((k) => {
    if (!(EVAL_KINDS as readonly string[]).includes(k)) {
      throw new ConfigError(`invalid configuration: EVALS_DISABLED_KINDS: names an unknown kind (kinds: ${EVAL_KINDS.join(', ')})`);
    }
    return k as EvalKind;
  });
}

/** EVALS_MODEL_<KIND>: a model for one kind, over EVALS_MODEL. */
function modelByKind(env: Readonly<Record<string, string>>): Partial<Record<EvalKind, string>> {
  const models: Partial<Record<EvalKind, string>> = {};
  for (const kind of EVAL_KINDS) {
    const variable = `EVALS_MODEL_${kind}`;
    const model = env[variable];
    if (model === undefined) continue;
    const checked = text.safeParse(model);
    if (!checked.success) throw new ConfigError(`invalid configuration: ${variable}: ${checked.error.issues[0].message}`);
    models[kind] = checked.data;
  }
  return models;
}

function parsePrices(value: string | undefined): Record<string, ModelPrice> {
  if (!value) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError(
      'invalid configuration: EVALS_PRICES: not JSON (expected {"model": {"input": usdPerMTok, "output": usdPerMTok, "cachedInput": usdPerMTok}})',
    );
  }
  const parsed = z.record(z.string().min(1), PriceSchema).safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(
      `invalid configuration: EVALS_PRICES: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
