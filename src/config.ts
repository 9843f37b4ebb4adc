import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ACTIVITY_TIMEOUT_SECONDS, LONGEST_ACTIVITY_SECONDS } from './domain/activity-timeouts';
import { POOLS, type Pool } from './domain/pools';
import { DEFAULT_RENDER_WAIT, type RenderWait } from './domain/render-wait';
import { EVAL_KINDS, type EvalKind } from './domain/types';

/**
 * The one configuration loader. Every environment variable the service reads is
 * declared here (and listed in the README's configuration table); nothing else
 * reads process.env.
 */

/**
 * Rules with messages that say what is wrong: the loader's errors name the
 * variable and the rule, never the value (it may be a secret).
 */
function rule<T>(message: string, parse: (value: string) => T | undefined) {
  return z.string().transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });
}

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: () => `must be one of ${values.join(', ')}` });
const bool = oneOf(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

function wholeNumber(min: 0 | 1, max?: number) {
  const message = `must be a whole number${min === 1 ? ' above 0' : ', 0 or more'}${max === undefined ? '' : `, at most ${max}`}`;
  return rule(message, (v) => {
    const n = /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    return Number.isSafeInteger(n) && n >= min && (max === undefined || n <= max) ? n : undefined;
  });
}
const positiveInt = wholeNumber(1);

/** Seconds, fractions allowed. */
function positiveNumber(max?: number) {
  return rule(`must be a number above 0${max === undefined ? '' : `, at most ${max}`}`, (v) => {
    const n = /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
    return n > 0 && (max === undefined || n <= max) ? n : undefined;
  });
}

function port(allowZero = false) {
  return rule(allowZero ? 'must be a port number (0-65535; 0 picks a free port)' : 'must be a port number (1-65535)', (v) => {
    const n = /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= (allowZero ? 0 : 1) && n <= 65535 ? n : undefined;
  });
}

/** Free-form settings (names, paths, keys): a pasted newline or space is a mistake that fails far from its cause. */
const text = rule('must not have surrounding whitespace or control characters', (v) => (v === v.trim() && !/[\u0000-\u001f\u007f]/.test(v) ? v : undefined));

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const isHost = (v: string) => net.isIP(v) !== 0 || HOST_NAME.test(v);
const host = rule('must be a host name or IP address to listen on (e.g. 127.0.0.1, or 0.0.0.0 for every interface)', (v) => (isHost(v) ? v : undefined));

const hostPort = rule('must be host:port (e.g. temporal.internal:7233)', (v) => {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(v);
  const name = m?.[1] ?? m?.[2];
  return m && name && isHost(name) && Number(m[3]) >= 1 && Number(m[3]) <= 65535 ? v : undefined;
});

const httpUrl = rule('must be an http(s) URL', (v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol) ? v : undefined;
  } catch {
    return undefined;
  }
});

const DATABASE_URL_FORM = 'postgres://user:password@host:5432/database';
const databaseUrl = z.string().superRefine((v, ctx) => {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be a PostgreSQL URL, ${DATABASE_URL_FORM} (special characters in the password percent-encoded)` });
    return;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    ctx.addIssue({ code: 'custom', message: `must be a PostgreSQL URL, ${DATABASE_URL_FORM}` });
  } else if (!url.hostname && !url.searchParams.get('host')) {
    ctx.addIssue({ code: 'custom', message: `must name a host, ${DATABASE_URL_FORM} (or a socket directory as ?host=/path)` });
  }
});

/** Comma-separated host names, `*.` allowed in front; not URLs. */
const hostList = rule('must be comma-separated host names (a leading *. allowed), not URLs', (v) => {
  const hosts = list(v).map((h) => h.toLowerCase());
  return hosts.every((h) => isHost(h.replace(/^\*\./, ''))) ? hosts : undefined;
});

/** Pools a worker process runs (src/domain/pools.ts), each named once. */
const poolList = rule(`must be a comma-separated list of ${POOLS.join(', ')}`, (v): Pool[] | undefined => {
  const pools = list(v);
  return pools.length > 0 && pools.every((p) => (POOLS as readonly string[]).includes(p)) ? [...new Set(pools as Pool[])] : undefined;
});

/** true (every address), false (public addresses only), or the CIDR ranges opened beside the public ones. */
const privateAddresses = rule('must be true, false, or comma-separated CIDR ranges to allow (e.g. 10.20.0.0/16,fd00:1::/64)', (v): boolean | string[] | undefined => {
  if (['1', 'true'].includes(v)) return true;
  if (['0', 'false'].includes(v)) return false;
  const ranges = list(v);
  return ranges.length > 0 && ranges.every((r) => ipaddr.isValidCIDR(r)) ? ranges : undefined;
});

/** The read API's load limits, also the defaults of a server made without a configuration (tests, benches). */
export const API_LIMIT_DEFAULTS = { renderConcurrency: 2, cacheMb: 32 } as const;

/** True in the compiled build (dist/, `npm run build`), false when the TypeScript sources run (tsx, vitest). */
export const COMPILED = path.extname(__filename) === '.js';
/** The repository root: this file is src/config.ts, or dist/src/config.js in the compiled build. */
export const PROJECT_ROOT = path.resolve(__dirname, COMPILED ? '../..' : '..');
/** The service's version, from package.json at the root (the compiled build has no copy of it). */
export const PACKAGE_VERSION = (require(path.join(PROJECT_ROOT, 'package.json')) as { version: string }).version;

/** Where `evals setup --manim` installs Manim, and the Python the scene inspector runs by default. */
export const MANIM_VENV = path.join(PROJECT_ROOT, '.tools', 'manim-venv');
const DEFAULT_MANIM_PYTHON = path.join(MANIM_VENV, 'bin', 'python');

/** Limits of the scene sandbox that operators have had no reason to change (docs/scene-inspection.md). */
const SCENE_FIXED_LIMITS = { processes: 32, outputBytes: 64 * 1024 * 1024, scratchBytes: 256 * 1024 * 1024 } as const;

export interface SceneSettings {
  /** `off`: never run scene code; `auto`: inspect every fragment that has a Manim source. */
  inspection: 'auto' | 'off';
  /** `unsandboxed` is the operator's explicit opt-out, for hosts without bubblewrap. */
  sandbox: 'bwrap' | 'unsandboxed';
  python: string;
  limits: { wallMs: number; cpuSeconds: number; memoryBytes: number; processes: number; outputBytes: number; scratchBytes: number };
}

const EnvSchema = z.object({
  TEMPORAL_ADDRESS: hostPort.optional(),
  TEMPORAL_NAMESPACE: text.default('default'),
  TEMPORAL_TASK_QUEUE: text.default('eval-pipeline'),
  TEMPORAL_API_KEY: text.optional(),
  // Temporal's environment configuration (docs.temporal.io, client environment configuration); unset: TLS when any TLS setting or an API key is given.
  TEMPORAL_TLS: bool.optional(),
  TEMPORAL_TLS_CLIENT_CERT_PATH: text.optional(),
  TEMPORAL_TLS_CLIENT_KEY_PATH: text.optional(),
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: text.optional(),
  TEMPORAL_TLS_SERVER_NAME: text.optional(),
  TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: bool.default(false),
  TEMPORAL_CLI_PATH: text.optional(),
  TEMPORAL_UI_PORT: port().default(8233),
  TEMPORAL_DEV_PORT: port().default(7233),

  DATABASE_URL: databaseUrl.optional(),
  EVALS_DATA_DIR: text.optional(),
  EVALS_EMBEDDED_PG_PORT: port().default(54329),
  // Within the judge activity's 10 minutes, beside a judge request and its re-ask.
  EVALS_DATABASE_OUTAGE_SECONDS: positiveInt.default(300),

  FFMPEG_PATH: text.optional(),
  FFPROBE_PATH: text.optional(),

  EVALS_PROVIDER: oneOf(['openai', 'local']).optional(),
  OPENAI_API_KEY: text.optional(),
  OPENAI_BASE_URL: httpUrl.optional(),
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
  EVALS_LOCAL_PRECHECKS: bool.default(true),
  /** Test and bench only: the local provider waits this long per call, standing in for a slow judge. */
  EVALS_LOCAL_JUDGE_DELAY_MS: wholeNumber(0).default(0),

  EVALS_MAX_FRAMES: wholeNumber(1, 64).default(16),
  EVALS_JUDGE_FRAME_WIDTH: wholeNumber(1, 2048).default(768),
  EVALS_MAX_DOWNLOAD_BYTES: positiveInt.default(200 * 1024 * 1024),
  EVALS_MAX_DURATION_SECONDS: positiveInt.default(600),
  EVALS_MAX_PIXELS: positiveInt.default(3840 * 2160),
  EVALS_ALLOWED_HOSTS: hostList.default([]),
  EVALS_ALLOW_PRIVATE_ADDRESSES: privateAddresses.default(false),
  EVALS_MAX_VIDEO_FRAMES: positiveInt.default(36_000),
  EVALS_DOWNLOAD_TIMEOUT_SECONDS: positiveInt.default(120),
  EVALS_DOWNLOAD_STALL_SECONDS: positiveInt.default(15),
  EVALS_EXTRACT_TIMEOUT_SECONDS: positiveInt.default(300),

  EVALS_WORKFLOW_TASK_CONCURRENCY: positiveInt.default(10),
  EVALS_ACTIVITY_CONCURRENCY: positiveInt.default(8),
  // Extraction and scene inspection keep a core busy each.
  EVALS_MEDIA_CONCURRENCY: positiveInt.default(os.availableParallelism()),
  EVALS_WORKER_POOLS: poolList.default([...POOLS]),
  // Longer than the longest activity startToCloseTimeout (ACTIVITY_TIMEOUT_SECONDS).
  EVALS_SHUTDOWN_GRACE_SECONDS: positiveInt.default(630),
  EVALS_SWEEP_SECONDS: positiveInt.default(60),
  EVALS_METRICS_PORT: port().optional(),
  // Loopback unless the operator opens it: the endpoint has no authentication.
  EVALS_METRICS_HOST: host.default('127.0.0.1'),
  EVALS_DEPLOYMENT_NAME: text.optional(),
  EVALS_BUILD_ID: text.optional(),
  EVALS_VERSIONING_BEHAVIOR: oneOf(['pinned', 'auto-upgrade']).default('pinned'),
  EVALS_FRAME_CACHE_MB: wholeNumber(0).default(512),

  EVALS_RETENTION_DAYS: wholeNumber(0).default(30),
  EVALS_PRUNE_INTERVAL_SECONDS: positiveNumber().default(3600),

  EVALS_SCENE_INSPECTION: oneOf(['auto', 'off']).default('auto'),
  EVALS_SCENE_SANDBOX: oneOf(['bwrap', 'unsandboxed']).default('bwrap'),
  EVALS_MANIM_PYTHON: text.optional(),
  // Below the inspection activity's timeout (ACTIVITY_TIMEOUT_SECONDS.inspectScene), with room to store the result.
  EVALS_SCENE_TIMEOUT_SECONDS: wholeNumber(1, ACTIVITY_TIMEOUT_SECONDS.inspectScene - 60).default(120),
  EVALS_SCENE_CPU_SECONDS: positiveInt.default(90),
  EVALS_SCENE_MEMORY_MB: wholeNumber(1, 65536).default(2048),

  FRAGMENTS_API_URL: httpUrl.optional(),
  FRAGMENTS_API_KEY: text.optional(),
  FRAGMENTS_FILES_PARAM: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must be a query parameter name').default('includeFiles'),
  // What the pipeline keeps of an answer is small (256 KB of sources, at most 6x that as escaped JSON; texts cut to 32,000
  // characters), but it is read whole before it is cut: a few MB above that, so a 5 MB description still completes.
  FRAGMENTS_MAX_RESPONSE_BYTES: positiveInt.default(8 * 1024 * 1024),
  EVALS_RENDER_POLL_INTERVAL_SECONDS: positiveNumber().default(DEFAULT_RENDER_WAIT.pollIntervalMs / 1000),
  EVALS_RENDER_WAIT_LIMIT_SECONDS: positiveNumber().default(DEFAULT_RENDER_WAIT.limitMs / 1000),

  EVALS_API_HOST: host.default('127.0.0.1'),
  EVALS_API_PORT: port(true).default(8080),
  EVALS_API_RENDER_CONCURRENCY: wholeNumber(1, 64).default(API_LIMIT_DEFAULTS.renderConcurrency),
  EVALS_API_CACHE_MB: wholeNumber(0).default(API_LIMIT_DEFAULTS.cacheMb),
  EVALS_API_BASE_PATH: z.string().regex(/^\/$|^(\/[A-Za-z0-9._~-]+)+$/, 'must be a path like /v1, or / for the root').default('/v1'),

  LOG_LEVEL: oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the loader reads, for checks such as the compose file's (plus EVALS_MODEL_<KIND>). */
export const CONFIG_VARIABLES: readonly string[] = [...Object.keys(EnvSchema.shape), ...EVAL_KINDS.map((k) => `EVALS_MODEL_${k}`)];

/**
 * Variables that name the stack a process runs on (Temporal, the database, the
 * read API, metrics, versioning) rather than how it judges: a judge
 * configuration of `evals calibrate` may not set them.
 */
export const STACK_VARIABLES: readonly string[] = [
  'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_TASK_QUEUE', 'TEMPORAL_API_KEY', 'TEMPORAL_TLS', 'TEMPORAL_CLI_PATH', 'TEMPORAL_UI_PORT', 'TEMPORAL_DEV_PORT',
  'TEMPORAL_TLS_CLIENT_CERT_PATH', 'TEMPORAL_TLS_CLIENT_KEY_PATH', 'TEMPORAL_TLS_SERVER_CA_CERT_PATH', 'TEMPORAL_TLS_SERVER_NAME', 'TEMPORAL_TLS_DISABLE_HOST_VERIFICATION',
  'DATABASE_URL', 'EVALS_DATA_DIR', 'EVALS_EMBEDDED_PG_PORT', 'EVALS_DATABASE_OUTAGE_SECONDS',
  'EVALS_API_HOST', 'EVALS_API_PORT', 'EVALS_API_BASE_PATH', 'EVALS_API_RENDER_CONCURRENCY', 'EVALS_API_CACHE_MB',
  'EVALS_METRICS_PORT', 'EVALS_METRICS_HOST', 'EVALS_WORKER_POOLS', 'EVALS_DEPLOYMENT_NAME', 'EVALS_BUILD_ID', 'EVALS_VERSIONING_BEHAVIOR',
  'EVALS_RETENTION_DAYS', 'EVALS_PRUNE_INTERVAL_SECONDS', 'EVALS_SWEEP_SECONDS', 'LOG_LEVEL',
];

export interface Config {
  temporal: {
    /** Absent: the project starts a local dev server. */
    address?: string;
    namespace: string;
    taskQueue: string;
    apiKey?: string;
    /** Off, or on with what TEMPORAL_TLS_* give (files already read). Never used toward a dev server the project starts. */
    tls: TemporalTls | false;
    cliPath?: string;
    uiPort: number;
    /** Frontend port of the dev server `evals dev` starts. */
    devPort: number;
  };
  database: {
    /** Absent: the project starts embedded PostgreSQL in dataDir. */
    url?: string;
    embeddedPort: number;
    /** How long an activity holding paid-for work waits for PostgreSQL to answer again (src/db/outage.ts). */
    outageMs: number;
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
    /** true: any address; false: public ones only; a list: public ones and these CIDR ranges (src/media/address.ts). */
    allowPrivateAddresses: boolean | string[];
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
    /** Overrides the frame kinds' shared image detail / width (FRAME_VISION in src/kinds/kind.ts). */
    imageDetail?: 'low' | 'high' | 'auto';
    imageWidth?: number;
    /** USD per million tokens by model, over the built-in table (src/providers/pricing.ts). */
    prices: Record<string, ModelPrice>;
    /** Structured outputs, or plain JSON mode (schema in the prompt) for endpoints without json_schema. */
    responseFormat: 'json_schema' | 'json_object';
    /** One request per frame kind, or one request answering the frame kinds together (decided per pipeline run). */
    mode: 'per-kind' | 'combined';
    /** Concurrent provider calls per worker process. */
    concurrency: number;
    /** With the openai provider, merge the local analyzers' findings into each eval run. */
    localPrechecks: boolean;
    localDelayMs: number;
  };
  worker: {
    /** Pools `evals worker` runs (the CLI's own workers run them all). */
    pools: Pool[];
    workflowTaskConcurrency: number;
    /** Activity slots of the workflows pool. */
    activityConcurrency: number;
    /** Activity slots of the media pool. */
    mediaConcurrency: number;
    shutdownGraceSeconds: number;
    /** How often a worker looks for pipeline runs whose workflow closed without ending them (src/sweeper.ts). */
    sweepSeconds: number;
    /** Absent: no Prometheus endpoint. */
    metricsPort?: number;
    metricsHost: string;
    /** The per-process frame cache's bound; 0: no local cache, frames come from PostgreSQL. */
    frameCacheBytes: number;
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
    /** The flag of `GET /fragments/{id}` that embeds the generated source files (the interface does not name it). */
    filesParam: string;
    /** Past this many bytes an answer of the fragments API is not read further and the run ends ERROR. */
    maxResponseBytes: number;
    renderWait: RenderWait;
  };
  /** Running a fragment's Manim source to record its layout (docs/scene-inspection.md). */
  scene: SceneSettings;
  api: {
    host: string;
    port: number;
    basePath: string;
    /** Reports rendered at once by `evals serve`; more wait briefly, past that 503. */
    renderConcurrency: number;
    /** Bound of `evals serve`'s cache of ended runs' answers. */
    cacheBytes: number;
  };
  retention: {
    /** Frames and the signal of runs finished longer ago are pruned; 0: kept for ever. */
    days: number;
    /** How often the fleet's background pruning runs (one worker at a time). */
    pruneIntervalMs: number;
  };
  /** Unset: each command picks its own (the worker logs info, `evals run` only errors). */
  logLevel?: NonNullable<Env['LOG_LEVEL']>;
}

/** TLS toward Temporal, in the shape both of the SDK's connections take. */
export interface TemporalTls {
  serverNameOverride?: string;
  serverRootCACertificate?: Buffer;
  clientCertPair?: { crt: Buffer; key: Buffer };
}

export interface ModelPrice {
  input: number;
  output: number;
  /** Input served from the endpoint's prompt cache; absent: billed as input. */
  cachedInput?: number;
}

const PricesSchema = z.record(
  z.string().min(1),
  z.object({ input: z.number().nonnegative(), output: z.number().nonnegative(), cachedInput: z.number().nonnegative().optional() }).strict(),
);

function parsePrices(value: string | undefined): Record<string, ModelPrice> {
  if (!value) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError('invalid configuration: EVALS_PRICES: not JSON (expected {"model": {"input": usdPerMTok, "output": usdPerMTok, "cachedInput": usdPerMTok}})');
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
      throw new ConfigError(`invalid configuration: EVALS_DISABLED_KINDS: names an unknown kind (kinds: ${EVAL_KINDS.join(', ')})`);
    }
    return k as EvalKind;
  });
  const modelByKind: Partial<Record<EvalKind, string>> = {};
  for (const kind of EVAL_KINDS) {
    const variable = `EVALS_MODEL_${kind}`;
    const model = cleaned[variable];
    if (model === undefined) continue;
    const checked = text.safeParse(model);
    if (!checked.success) throw new ConfigError(`invalid configuration: ${variable}: ${checked.error.issues[0].message}`);
    modelByKind[kind] = checked.data;
  }
  if ((e.EVALS_DEPLOYMENT_NAME === undefined) !== (e.EVALS_BUILD_ID === undefined)) {
    throw new ConfigError('invalid configuration: EVALS_DEPLOYMENT_NAME and EVALS_BUILD_ID go together (Worker Versioning needs both, or neither)');
  }
  const tls = temporalTls(e);
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
      tls,
      cliPath: e.TEMPORAL_CLI_PATH,
      uiPort: e.TEMPORAL_UI_PORT,
      devPort: e.TEMPORAL_DEV_PORT,
    },
    database: { url: e.DATABASE_URL, embeddedPort: e.EVALS_EMBEDDED_PG_PORT, outageMs: e.EVALS_DATABASE_OUTAGE_SECONDS * 1000 },
    dataDir: e.EVALS_DATA_DIR ?? defaultDataDir(),
    media: {
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      maxFrames: e.EVALS_MAX_FRAMES,
      judgeFrameWidth: e.EVALS_JUDGE_FRAME_WIDTH,
      maxDownloadBytes: e.EVALS_MAX_DOWNLOAD_BYTES,
      maxDurationSeconds: e.EVALS_MAX_DURATION_SECONDS,
      maxPixels: e.EVALS_MAX_PIXELS,
      allowedHosts: e.EVALS_ALLOWED_HOSTS,
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
      mode: e.EVALS_JUDGE_MODE,
      concurrency: e.EVALS_JUDGE_CONCURRENCY,
      localPrechecks: e.EVALS_LOCAL_PRECHECKS,
      localDelayMs: e.EVALS_LOCAL_JUDGE_DELAY_MS,
    },
    worker: {
      pools: e.EVALS_WORKER_POOLS,
      workflowTaskConcurrency: e.EVALS_WORKFLOW_TASK_CONCURRENCY,
      activityConcurrency: e.EVALS_ACTIVITY_CONCURRENCY,
      mediaConcurrency: e.EVALS_MEDIA_CONCURRENCY,
      shutdownGraceSeconds: e.EVALS_SHUTDOWN_GRACE_SECONDS,
      sweepSeconds: e.EVALS_SWEEP_SECONDS,
      metricsPort: e.EVALS_METRICS_PORT,
      metricsHost: e.EVALS_METRICS_HOST,
      frameCacheBytes: e.EVALS_FRAME_CACHE_MB * 1024 * 1024,
      deployment:
        e.EVALS_DEPLOYMENT_NAME && e.EVALS_BUILD_ID
          ? { name: e.EVALS_DEPLOYMENT_NAME, buildId: e.EVALS_BUILD_ID, defaultBehavior: e.EVALS_VERSIONING_BEHAVIOR === 'pinned' ? 'PINNED' : 'AUTO_UPGRADE' }
          : undefined,
    },
    fragments: {
      apiUrl: e.FRAGMENTS_API_URL,
      apiKey: e.FRAGMENTS_API_KEY,
      filesParam: e.FRAGMENTS_FILES_PARAM,
      maxResponseBytes: e.FRAGMENTS_MAX_RESPONSE_BYTES,
      renderWait: {
        pollIntervalMs: Math.round(e.EVALS_RENDER_POLL_INTERVAL_SECONDS * 1000),
        limitMs: Math.round(e.EVALS_RENDER_WAIT_LIMIT_SECONDS * 1000),
      },
    },
    scene: {
      inspection: e.EVALS_SCENE_INSPECTION,
      sandbox: e.EVALS_SCENE_SANDBOX,
      python: e.EVALS_MANIM_PYTHON ?? DEFAULT_MANIM_PYTHON,
      limits: {
        wallMs: e.EVALS_SCENE_TIMEOUT_SECONDS * 1000,
        cpuSeconds: e.EVALS_SCENE_CPU_SECONDS,
        memoryBytes: e.EVALS_SCENE_MEMORY_MB * 1024 * 1024,
        ...SCENE_FIXED_LIMITS,
      },
    },
    api: {
      host: e.EVALS_API_HOST,
      port: e.EVALS_API_PORT,
      basePath: e.EVALS_API_BASE_PATH === '/' ? '' : e.EVALS_API_BASE_PATH,
      renderConcurrency: e.EVALS_API_RENDER_CONCURRENCY,
      cacheBytes: e.EVALS_API_CACHE_MB * 1024 * 1024,
    },
    retention: { days: e.EVALS_RETENTION_DAYS, pruneIntervalMs: Math.round(e.EVALS_PRUNE_INTERVAL_SECONDS * 1000) },
    logLevel: e.LOG_LEVEL,
  };
}

/** A PEM file named by a TEMPORAL_TLS_* variable; the error names the variable and the path, never the content. */
function pemFile(variable: string, file: string, what: 'CERTIFICATE' | 'PRIVATE KEY'): Buffer {
  let content: Buffer;
  try {
    content = fs.readFileSync(file);
  } catch (err) {
    throw new ConfigError(`invalid configuration: ${variable}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  // Any PEM private key form: PRIVATE KEY, RSA PRIVATE KEY, EC PRIVATE KEY.
  const begin = what === 'CERTIFICATE' ? /-----BEGIN CERTIFICATE-----/ : /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
  if (!begin.test(content.toString('latin1'))) throw new ConfigError(`invalid configuration: ${variable}: ${file} is not a PEM ${what.toLowerCase()}`);
  return content;
}

/**
 * TLS toward Temporal as Temporal's environment configuration describes it: on
 * when TEMPORAL_TLS=true, or unset with an API key or any TLS setting; mTLS with
 * a client certificate and its key; a private CA; a server name (SNI) override.
 */
function temporalTls(e: Env): TemporalTls | false {
  const cert = e.TEMPORAL_TLS_CLIENT_CERT_PATH;
  const key = e.TEMPORAL_TLS_CLIENT_KEY_PATH;
  if ((cert === undefined) !== (key === undefined)) {
    throw new ConfigError('invalid configuration: TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH go together (mTLS needs the certificate and its key)');
  }
  if (e.TEMPORAL_TLS_DISABLE_HOST_VERIFICATION) {
    throw new ConfigError(
      "invalid configuration: TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: the Temporal TypeScript SDK always verifies the server's name; set TEMPORAL_TLS_SERVER_NAME to a name its certificate carries instead",
    );
  }
  const settings = [cert, e.TEMPORAL_TLS_SERVER_CA_CERT_PATH, e.TEMPORAL_TLS_SERVER_NAME].filter((v) => v !== undefined);
  if (e.TEMPORAL_TLS === false && settings.length > 0) {
    throw new ConfigError('invalid configuration: TEMPORAL_TLS=false contradicts TEMPORAL_TLS_CLIENT_CERT_PATH, TEMPORAL_TLS_SERVER_CA_CERT_PATH and TEMPORAL_TLS_SERVER_NAME: unset them, or TEMPORAL_TLS');
  }
  if (!(e.TEMPORAL_TLS ?? (e.TEMPORAL_API_KEY !== undefined || settings.length > 0))) return false;
  return {
    ...(e.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: e.TEMPORAL_TLS_SERVER_NAME } : {}),
    ...(e.TEMPORAL_TLS_SERVER_CA_CERT_PATH ? { serverRootCACertificate: pemFile('TEMPORAL_TLS_SERVER_CA_CERT_PATH', e.TEMPORAL_TLS_SERVER_CA_CERT_PATH, 'CERTIFICATE') } : {}),
    ...(cert && key
      ? { clientCertPair: { crt: pemFile('TEMPORAL_TLS_CLIENT_CERT_PATH', cert, 'CERTIFICATE'), key: pemFile('TEMPORAL_TLS_CLIENT_KEY_PATH', key, 'PRIVATE KEY') } }
      : {}),
  };
}

/**
 * Settings that are each valid but contradict one another: the process still
 * starts (an operator may mean it for a test), and says so at start, naming both.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const { worker, judge, media, fragments } = config;
  if (worker.shutdownGraceSeconds <= LONGEST_ACTIVITY_SECONDS) {
    warnings.push(
      `EVALS_SHUTDOWN_GRACE_SECONDS (${worker.shutdownGraceSeconds} s) is not longer than the longest activity timeout (${LONGEST_ACTIVITY_SECONDS} s): ` +
        'a deploy cuts extractions and judge calls in progress short; set it above that (docs/operations.md)',
    );
  }
  if (media.downloadStallMs >= media.downloadTimeoutMs) {
    warnings.push(
      `EVALS_DOWNLOAD_STALL_SECONDS (${media.downloadStallMs / 1000} s) is not below EVALS_DOWNLOAD_TIMEOUT_SECONDS (${media.downloadTimeoutMs / 1000} s): the stall limit can never apply`,
    );
  }
  const extractionSeconds = (media.downloadTimeoutMs + media.extractTimeoutMs) / 1000;
  if (extractionSeconds >= ACTIVITY_TIMEOUT_SECONDS.extractFrames) {
    warnings.push(
      `EVALS_DOWNLOAD_TIMEOUT_SECONDS + EVALS_EXTRACT_TIMEOUT_SECONDS (${extractionSeconds} s) are not below the extraction activity's timeout (${ACTIVITY_TIMEOUT_SECONDS.extractFrames} s): ` +
        'a long animation is cut off by the activity timeout and retried instead of failing with its reason',
    );
  }
  const judgeSeconds = config.database.outageMs / 1000 + (2 * judge.timeoutMs) / 1000;
  if (judgeSeconds >= ACTIVITY_TIMEOUT_SECONDS.scoreEvalRun) {
    warnings.push(
      `EVALS_DATABASE_OUTAGE_SECONDS (${config.database.outageMs / 1000} s) plus a judge request and its re-ask (2 x EVALS_JUDGE_TIMEOUT_SECONDS) are not below the judge activity's timeout (${ACTIVITY_TIMEOUT_SECONDS.scoreEvalRun} s): ` +
        'an answer held through a long outage is cut off by the activity timeout (its retry still applies it from the heartbeat)',
    );
  }
  if (fragments.renderWait.pollIntervalMs > fragments.renderWait.limitMs) {
    warnings.push(
      `EVALS_RENDER_POLL_INTERVAL_SECONDS (${fragments.renderWait.pollIntervalMs / 1000} s) is above EVALS_RENDER_WAIT_LIMIT_SECONDS (${fragments.renderWait.limitMs / 1000} s): an unrendered fragment is read once more at most`,
    );
  }
  return warnings;
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

const SCRUBBED = '[redacted]';

/**
 * Replaces every occurrence of the secrets in a string, raw or JSON-escaped:
 * applied to log lines, and to whatever the service stores, returns or serves
 * (a judge endpoint may echo the key it was sent). Values under 4 characters
 * are left alone (see secretsOf).
 */
export function secretScrubber(secrets: readonly string[]): (text: string) => string {
  const forms = [...new Set(secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]))];
  return (text) => (forms.length === 0 ? text : forms.reduce((out, secret) => out.split(secret).join(SCRUBBED), text));
}

/** A JSON value with the secrets scrubbed from every string in it. */
export function scrubJson<T>(value: T, scrub: (text: string) => string): T {
  return value === undefined ? value : (JSON.parse(scrub(JSON.stringify(value))) as T);
}

/**
 * Under the OS temp dir rather than the checkout: embedded PostgreSQL run as root
 * switches to the `postgres` user, which must be able to reach its data directory.
 */
function defaultDataDir(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return path.join(os.tmpdir(), `eval-pipeline-${uid}`);
}
