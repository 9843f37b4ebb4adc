import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RENDER_WAIT, type RenderWait } from './domain/render-wait';
import { EVAL_KINDS, type EvalKind } from './domain/types';

/**
 * The one configuration loader. Every environment variable the service reads is
 * declared here (and listed in the README's configuration table); nothing else
 * reads process.env.
 */

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');
const positiveInt = z.coerce.number().int().positive();
const positiveSeconds = z.coerce.number().positive();

export const PROJECT_ROOT = path.resolve(__dirname, '..');

const EnvSchema = z.object({
  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('eval-pipeline'),
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS: bool.default(false),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  TEMPORAL_UI_PORT: positiveInt.default(8233),
  TEMPORAL_DEV_PORT: positiveInt.default(7233),

  DATABASE_URL: z.string().min(1).optional(),
  EVALS_DATA_DIR: z.string().min(1).optional(),
  EVALS_EMBEDDED_PG_PORT: positiveInt.default(54329),

  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),

  EVALS_PROVIDER: z.enum(['openai', 'local']).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  EVALS_MODEL: z.string().min(1).default('gpt-4.1-mini'),
  EVALS_DISABLED_KINDS: z.string().default(''),
  EVALS_SAMPLES: positiveInt.max(9).default(1),
  // A request and its one re-ask, after a wait for a judge slot, must fit the judge activity's 10-minute start-to-close timeout.
  EVALS_JUDGE_TIMEOUT_SECONDS: z.coerce.number().positive().max(140).default(90),
  EVALS_IMAGE_DETAIL: z.enum(['low', 'high', 'auto']).optional(),
  EVALS_IMAGE_WIDTH: positiveInt.max(2048).optional(),
  EVALS_PRICES: z.string().optional(),
  EVALS_RESPONSE_FORMAT: z.enum(['json_schema', 'json_object']).default('json_schema'),
  EVALS_JUDGE_CONCURRENCY: positiveInt.default(4),
  EVALS_LOCAL_PRECHECKS: bool.default(true),
  /** Test and bench only: the local provider waits this long per call, standing in for a slow judge. */
  EVALS_LOCAL_JUDGE_DELAY_MS: z.coerce.number().int().min(0).default(0),

  EVALS_MAX_FRAMES: positiveInt.max(64).default(16),
  EVALS_JUDGE_FRAME_WIDTH: positiveInt.max(2048).default(768),
  EVALS_MAX_DOWNLOAD_BYTES: positiveInt.default(200 * 1024 * 1024),
  EVALS_MAX_DURATION_SECONDS: positiveInt.default(600),
  EVALS_MAX_PIXELS: positiveInt.default(3840 * 2160),
  EVALS_ALLOWED_HOSTS: z.string().default(''),
  EVALS_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  EVALS_MAX_VIDEO_FRAMES: positiveInt.default(36_000),
  EVALS_DOWNLOAD_TIMEOUT_SECONDS: positiveInt.default(120),
  EVALS_DOWNLOAD_STALL_SECONDS: positiveInt.default(15),
  EVALS_EXTRACT_TIMEOUT_SECONDS: positiveInt.default(300),

  EVALS_WORKFLOW_TASK_CONCURRENCY: positiveInt.default(10),
  EVALS_ACTIVITY_CONCURRENCY: positiveInt.default(8),
  // Longer than the longest activity startToCloseTimeout in workflows/index.ts (extraction, 10 min).
  EVALS_SHUTDOWN_GRACE_SECONDS: positiveInt.default(630),
  EVALS_METRICS_PORT: positiveInt.optional(),
  EVALS_METRICS_HOST: z.string().min(1).default('0.0.0.0'),
  EVALS_DEPLOYMENT_NAME: z.string().min(1).optional(),
  EVALS_BUILD_ID: z.string().min(1).optional(),
  EVALS_VERSIONING_BEHAVIOR: z.enum(['pinned', 'auto-upgrade']).default('pinned'),

  FRAGMENTS_API_URL: z.string().url().optional(),
  FRAGMENTS_API_KEY: z.string().min(1).optional(),
  EVALS_RENDER_POLL_INTERVAL_SECONDS: positiveSeconds.default(DEFAULT_RENDER_WAIT.pollIntervalMs / 1000),
  EVALS_RENDER_WAIT_LIMIT_SECONDS: positiveSeconds.default(DEFAULT_RENDER_WAIT.limitMs / 1000),

  EVALS_API_HOST: z.string().min(1).default('0.0.0.0'),
  EVALS_API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  EVALS_API_BASE_PATH: z.string().regex(/^\/$|^(\/[A-Za-z0-9._~-]+)+$/, 'a path like /v1, or / for the root').default('/v1'),

  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the loader reads, for checks such as the compose file's (plus EVALS_MODEL_<KIND>). */
export const CONFIG_VARIABLES: readonly string[] = [...Object.keys(EnvSchema.shape), ...EVAL_KINDS.map((k) => `EVALS_MODEL_${k}`)];

export interface Config {
  temporal: {
    /** Absent: the project starts a local dev server. */
    address?: string;
    namespace: string;
    taskQueue: string;
    apiKey?: string;
    tls: boolean;
    cliPath?: string;
    uiPort: number;
    /** Frontend port of the dev server `evals dev` starts. */
    devPort: number;
  };
  database: {
    /** Absent: the project starts embedded PostgreSQL in dataDir. */
    url?: string;
    embeddedPort: number;
  };
  dataDir: string;
  media: {
    ffmpegPath?: string;
    ffprobePath?: string;
    maxFrames: number;
    judgeFrameWidth: number;
    maxDownloadBytes: number;
    maxDurationSeconds: number;
    maxPixels: number;
    allowedHosts: string[];
    allowPrivateAddresses: boolean;
    /** Decoded frames in the whole video (duration x frame rate). */
    maxVideoFrames: number;
    /** Wall time of the whole download, and the longest wait for the next byte. */
    downloadTimeoutMs: number;
    downloadStallMs: number;
    /** Wall time of probing and decoding. */
    extractTimeoutMs: number;
  };
  judge: {
    provider: 'openai' | 'local';
    openaiApiKey?: string;
    openaiBaseUrl?: string;
    model: string;
    modelByKind: Partial<Record<EvalKind, string>>;
    disabledKinds: EvalKind[];
    /** Answers asked per eval run (self-consistency): median score, majority issues. */
    samples: number;
    /** Deadline of one judge request, response body included. */
    timeoutMs: number;
    /** Overrides every kind's own image detail / width (kinds choose them for cost). */
    imageDetail?: 'low' | 'high' | 'auto';
    imageWidth?: number;
    /** USD per million tokens by model, over the built-in table (src/providers/pricing.ts). */
    prices: Record<string, ModelPrice>;
    /** Structured outputs, or plain JSON mode (schema in the prompt) for endpoints without json_schema. */
    responseFormat: 'json_schema' | 'json_object';
    /** Concurrent provider calls per worker process. */
    concurrency: number;
    /** With the openai provider, merge the local analyzers' findings into each eval run. */
    localPrechecks: boolean;
    localDelayMs: number;
  };
  worker: {
    workflowTaskConcurrency: number;
    activityConcurrency: number;
    shutdownGraceSeconds: number;
    /** Absent: no Prometheus endpoint. */
    metricsPort?: number;
    metricsHost: string;
    /**
     * Worker Versioning: this worker is one version (build id) of a worker
     * deployment; absent, the worker is unversioned and workflow changes need patched().
     */
    deployment?: {
      name: string;
      buildId: string;
      /** Pinned: a workflow finishes on the version it started on. Auto-upgrade: it moves to the current version. */
      defaultBehavior: 'PINNED' | 'AUTO_UPGRADE';
    };
  };
  fragments: {
    /** The REST interface's base URL (`{base_url}`); absent: only inline animations can be evaluated. */
    apiUrl?: string;
    apiKey?: string;
    renderWait: RenderWait;
  };
  api: {
    host: string;
    port: number;
    basePath: string;
  };
  /** Unset: each command picks its own (the worker logs info, `evals run` only errors). */
  logLevel?: NonNullable<Env['LOG_LEVEL']>;
}

export interface ModelPrice {
  input: number;
  output: number;
}

const PricesSchema = z.record(z.string().min(1), z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }).strict());

function parsePrices(value: string | undefined): Record<string, ModelPrice> {
  if (!value) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError('invalid configuration: EVALS_PRICES: not JSON (expected {"model": {"input": usdPerMTok, "output": usdPerMTok}})');
  }
  const parsed = PricesSchema.safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(`invalid configuration: EVALS_PRICES: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as they do in most shells and compose files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    // Name the variable and the rule only: values may be secrets.
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const e = parsed.data;

  const disabledKinds = list(e.EVALS_DISABLED_KINDS).map((k) => {
    if (!(EVAL_KINDS as readonly string[]).includes(k)) {
      throw new ConfigError(`invalid configuration: EVALS_DISABLED_KINDS: unknown kind ${k} (kinds: ${EVAL_KINDS.join(', ')})`);
    }
    return k as EvalKind;
  });
  const modelByKind: Partial<Record<EvalKind, string>> = {};
  for (const kind of EVAL_KINDS) {
    const model = cleaned[`EVALS_MODEL_${kind}`];
    if (model) modelByKind[kind] = model;
  }
  if ((e.EVALS_DEPLOYMENT_NAME === undefined) !== (e.EVALS_BUILD_ID === undefined)) {
    throw new ConfigError('invalid configuration: EVALS_DEPLOYMENT_NAME and EVALS_BUILD_ID go together (Worker Versioning needs both, or neither)');
  }
  const provider = e.EVALS_PROVIDER ?? (e.OPENAI_API_KEY ? 'openai' : 'local');
  if (provider === 'openai' && !e.OPENAI_API_KEY) {
    throw new ConfigError('invalid configuration: EVALS_PROVIDER=openai needs OPENAI_API_KEY');
  }

  return {
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      apiKey: e.TEMPORAL_API_KEY,
      tls: e.TEMPORAL_TLS,
      cliPath: e.TEMPORAL_CLI_PATH,
      uiPort: e.TEMPORAL_UI_PORT,
      devPort: e.TEMPORAL_DEV_PORT,
    },
    database: { url: e.DATABASE_URL, embeddedPort: e.EVALS_EMBEDDED_PG_PORT },
    dataDir: e.EVALS_DATA_DIR ?? defaultDataDir(),
    media: {
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      maxFrames: e.EVALS_MAX_FRAMES,
      judgeFrameWidth: e.EVALS_JUDGE_FRAME_WIDTH,
      maxDownloadBytes: e.EVALS_MAX_DOWNLOAD_BYTES,
      maxDurationSeconds: e.EVALS_MAX_DURATION_SECONDS,
      maxPixels: e.EVALS_MAX_PIXELS,
      allowedHosts: list(e.EVALS_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      allowPrivateAddresses: e.EVALS_ALLOW_PRIVATE_ADDRESSES,
      maxVideoFrames: e.EVALS_MAX_VIDEO_FRAMES,
      downloadTimeoutMs: e.EVALS_DOWNLOAD_TIMEOUT_SECONDS * 1000,
      downloadStallMs: e.EVALS_DOWNLOAD_STALL_SECONDS * 1000,
      extractTimeoutMs: e.EVALS_EXTRACT_TIMEOUT_SECONDS * 1000,
    },
    judge: {
      provider,
      openaiApiKey: e.OPENAI_API_KEY,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      model: e.EVALS_MODEL,
      modelByKind,
      disabledKinds,
      samples: e.EVALS_SAMPLES,
      timeoutMs: Math.round(e.EVALS_JUDGE_TIMEOUT_SECONDS * 1000),
      imageDetail: e.EVALS_IMAGE_DETAIL,
      imageWidth: e.EVALS_IMAGE_WIDTH,
      prices: parsePrices(e.EVALS_PRICES),
      responseFormat: e.EVALS_RESPONSE_FORMAT,
      concurrency: e.EVALS_JUDGE_CONCURRENCY,
      localPrechecks: e.EVALS_LOCAL_PRECHECKS,
      localDelayMs: e.EVALS_LOCAL_JUDGE_DELAY_MS,
    },
    worker: {
      workflowTaskConcurrency: e.EVALS_WORKFLOW_TASK_CONCURRENCY,
      activityConcurrency: e.EVALS_ACTIVITY_CONCURRENCY,
      shutdownGraceSeconds: e.EVALS_SHUTDOWN_GRACE_SECONDS,
      metricsPort: e.EVALS_METRICS_PORT,
      metricsHost: e.EVALS_METRICS_HOST,
      deployment:
        e.EVALS_DEPLOYMENT_NAME && e.EVALS_BUILD_ID
          ? { name: e.EVALS_DEPLOYMENT_NAME, buildId: e.EVALS_BUILD_ID, defaultBehavior: e.EVALS_VERSIONING_BEHAVIOR === 'pinned' ? 'PINNED' : 'AUTO_UPGRADE' }
          : undefined,
    },
    fragments: {
      apiUrl: e.FRAGMENTS_API_URL,
      apiKey: e.FRAGMENTS_API_KEY,
      renderWait: {
        pollIntervalMs: Math.round(e.EVALS_RENDER_POLL_INTERVAL_SECONDS * 1000),
        limitMs: Math.round(e.EVALS_RENDER_WAIT_LIMIT_SECONDS * 1000),
      },
    },
    api: { host: e.EVALS_API_HOST, port: e.EVALS_API_PORT, basePath: e.EVALS_API_BASE_PATH === '/' ? '' : e.EVALS_API_BASE_PATH },
    logLevel: e.LOG_LEVEL,
  };
}

/** Secret values from the configuration, which the logger scrubs from every line whatever field carries them. */
export function secretsOf(config: Config): string[] {
  const secrets = [config.judge.openaiApiKey, config.temporal.apiKey, config.fragments.apiKey];
  if (config.database.url) {
    try {
      secrets.push(decodeURIComponent(new URL(config.database.url).password));
    } catch {
      secrets.push(config.database.url);
    }
  }
  return secrets.filter((s): s is string => s !== undefined && s.length >= 4);
}

/**
 * Under the OS temp dir rather than the checkout: embedded PostgreSQL run as root
 * switches to the `postgres` user, which must be able to reach its data directory.
 */
function defaultDataDir(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return path.join(os.tmpdir(), `eval-pipeline-${uid}`);
}
