import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, SECRET_VARIABLES, STACK_VARIABLES } from '../../src/config';
import { configWarnings } from '../../src/config/warnings';

describe('loadConfig', () => {
  it('defaults to the local provider and an embedded stack with no configuration', () => {
    const config = loadConfig({});
    expect(config.judge.provider).toBe('local');
    expect(config.temporal.address).toBeUndefined();
    expect(config.database.url).toBeUndefined();
    expect(config.temporal.taskQueue).toBe('eval-pipeline');
    expect(config.media.maxFrames).toBe(16);
  });

  it('picks openai when an API key is set, and reads per-kind models', () => {
    const config = loadConfig({ OPENAI_API_KEY: 'sk-x', EVALS_MODEL_VISUAL_RUBRIC_JSON: 'big-model' });
    expect(config.judge.provider).toBe('openai');
    expect(config.judge.modelByKind.VISUAL_RUBRIC_JSON).toBe('big-model');
  });

  it('names the variable at fault without echoing its value', () => {
    expect(() => loadConfig({ EVALS_MAX_FRAMES: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVALS_MAX_FRAMES: 'lots' })).toThrow(/EVALS_MAX_FRAMES/);
    expect(() => loadConfig({ EVALS_DISABLED_KINDS: 'NOPE' })).toThrow(/EVALS_DISABLED_KINDS: names an unknown kind/);
    const error = (() => {
      try {
        loadConfig({ OPENAI_BASE_URL: 'not a url sk-secret-value' });
        return null;
      } catch (err) {
        return err as Error;
      }
    })();
    expect(error?.message).toMatch(/OPENAI_BASE_URL/);
    expect(error?.message).not.toContain('sk-secret-value');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ TEMPORAL_ADDRESS: '', OPENAI_API_KEY: '' }).judge.provider).toBe('local');
  });

  it('reads Worker Versioning only as a deployment name and build id together, pinned by default', () => {
    expect(loadConfig({}).worker.deployment).toBeUndefined();
    expect(loadConfig({ EVALS_DEPLOYMENT_NAME: 'eval-pipeline', EVALS_BUILD_ID: 'b7' }).worker.deployment).toEqual({
      name: 'eval-pipeline',
      buildId: 'b7',
      defaultBehavior: 'PINNED',
    });
    expect(
      loadConfig({ EVALS_DEPLOYMENT_NAME: 'eval-pipeline', EVALS_BUILD_ID: 'b7', EVALS_VERSIONING_BEHAVIOR: 'auto-upgrade' }).worker
        .deployment?.defaultBehavior,
    ).toBe('AUTO_UPGRADE');
    expect(() => loadConfig({ EVALS_BUILD_ID: 'b7' })).toThrow(/EVALS_DEPLOYMENT_NAME and EVALS_BUILD_ID/);
    expect(() => loadConfig({ EVALS_DEPLOYMENT_NAME: 'x', EVALS_BUILD_ID: 'b', EVALS_VERSIONING_BEHAVIOR: 'sometimes' })).toThrow(
      /EVALS_VERSIONING_BEHAVIOR/,
    );
  });
});

/** A wrong value for every variable the loader reads, and words its error must contain. */
const WRONG: Record<string, [value: string, says: RegExp, extra?: Record<string, string>]> = {
  TEMPORAL_ADDRESS: ['temporal.example.com', /host:port/],
  TEMPORAL_NAMESPACE: ['default\n', /whitespace or control/],
  TEMPORAL_TASK_QUEUE: [' eval-pipeline', /whitespace or control/],
  TEMPORAL_API_KEY: ['secret-temporal-key\n', /whitespace or control/],
  TEMPORAL_TLS: ['yes', /one of 0, 1, true, false/],
  TEMPORAL_TLS_CLIENT_CERT_PATH: [
    '/etc/temporal/client.pem\n',
    /whitespace or control/,
    { TEMPORAL_TLS_CLIENT_KEY_PATH: '/etc/temporal/client.key' },
  ],
  TEMPORAL_TLS_CLIENT_KEY_PATH: [
    ' /etc/temporal/client.key',
    /whitespace or control/,
    { TEMPORAL_TLS_CLIENT_CERT_PATH: '/etc/temporal/client.pem' },
  ],
  TEMPORAL_TLS_SERVER_CA_CERT_PATH: ['/etc/temporal/ca.pem\t', /whitespace or control/],
  TEMPORAL_TLS_SERVER_NAME: ['temporal.internal ', /whitespace or control/],
  TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: ['off', /one of 0, 1, true, false/],
  TEMPORAL_CLI_PATH: ['/usr/bin/temporal\t', /whitespace or control/],
  TEMPORAL_UI_PORT: ['70000', /port/],
  TEMPORAL_DEV_PORT: ['-1', /port/],
  DATABASE_URL: ['localhost:5432/evals', /postgres:\/\//],
  EVALS_DATA_DIR: ['/var/lib/evals\n', /whitespace or control/],
  EVALS_EMBEDDED_PG_PORT: ['pg', /port/],
  FFMPEG_PATH: ['ffmpeg\u0000', /whitespace or control/],
  FFPROBE_PATH: [' ffprobe', /whitespace or control/],
  EVALS_PROVIDER: ['anthropic', /one of openai, local/],
  OPENAI_API_KEY: ['sk-secret-openai-key\n', /whitespace or control/],
  OPENAI_BASE_URL: ['not a url', /http\(s\) URL/],
  EVALS_MODEL: ['gpt-4.1-mini ', /whitespace or control/],
  EVALS_DISABLED_KINDS: ['NOPE', /unknown kind/],
  EVALS_SAMPLES: ['10', /at most 9/],
  EVALS_JUDGE_TIMEOUT_SECONDS: ['200', /at most 140/],
  EVALS_IMAGE_DETAIL: ['ultra', /one of low, high, auto/],
  EVALS_IMAGE_WIDTH: ['0', /whole number above 0/],
  EVALS_PRICES: ['{"gpt": 1', /not JSON/],
  EVALS_RESPONSE_FORMAT: ['xml', /one of json_schema, json_object/],
  EVALS_JUDGE_MODE: ['both', /one of per-kind, combined/],
  EVALS_JUDGE_CONCURRENCY: ['0', /whole number above 0/],
  EVALS_LOCAL_PRECHECKS: ['maybe', /one of 0, 1, true, false/],
  EVALS_LOCAL_JUDGE_DELAY_MS: ['-5', /whole number, 0 or more/],
  EVALS_MAX_FRAMES: ['65', /at most 64/],
  EVALS_JUDGE_FRAME_WIDTH: ['4000', /at most 2048/],
  EVALS_MAX_DOWNLOAD_BYTES: ['1.5', /whole number above 0/],
  EVALS_MAX_DURATION_SECONDS: ['ten', /whole number above 0/],
  EVALS_MAX_PIXELS: ['0', /whole number above 0/],
  EVALS_ALLOWED_HOSTS: ['https://cdn.example.com', /host names/],
  EVALS_ALLOW_PRIVATE_ADDRESSES: ['yes', /must be true, false, or comma-separated CIDR ranges/],
  EVALS_MAX_VIDEO_FRAMES: ['-1', /whole number above 0/],
  EVALS_DATABASE_OUTAGE_SECONDS: ['0', /whole number above 0/],
  EVALS_DOWNLOAD_TIMEOUT_SECONDS: ['0', /whole number above 0/],
  EVALS_DOWNLOAD_STALL_SECONDS: ['x', /whole number above 0/],
  EVALS_EXTRACT_TIMEOUT_SECONDS: ['Infinity', /whole number above 0/],
  EVALS_WORKFLOW_TASK_CONCURRENCY: ['0', /whole number above 0/],
  EVALS_ACTIVITY_CONCURRENCY: ['2.5', /whole number above 0/],
  EVALS_MEDIA_CONCURRENCY: ['0', /whole number above 0/],
  EVALS_WORKER_POOLS: ['workflows,gpu', /comma-separated list of workflows, media, judge/],
  EVALS_SHUTDOWN_GRACE_SECONDS: ['0', /whole number above 0/],
  EVALS_SWEEP_SECONDS: ['-5', /whole number above 0/],
  EVALS_METRICS_PORT: ['99999', /port/],
  EVALS_METRICS_HOST: ['not a host!', /host name or IP address/],
  EVALS_FRAME_CACHE_MB: ['-1', /whole number, 0 or more/],
  EVALS_RETENTION_DAYS: ['30d', /whole number, 0 or more/],
  EVALS_PRUNE_INTERVAL_SECONDS: ['0', /number above 0/],
  EVALS_DEPLOYMENT_NAME: ['eval pipeline\n', /whitespace or control/, { EVALS_BUILD_ID: 'b1' }],
  EVALS_BUILD_ID: ['b1\r', /whitespace or control/, { EVALS_DEPLOYMENT_NAME: 'eval-pipeline' }],
  EVALS_VERSIONING_BEHAVIOR: ['sometimes', /one of pinned, auto-upgrade/],
  FRAGMENTS_API_URL: ['ftp://api.example.com/v1', /http\(s\) URL/],
  FRAGMENTS_API_KEY: ['secret-fragments-key ', /whitespace or control/],
  FRAGMENTS_FILES_PARAM: ['include files', /query parameter name/],
  FRAGMENTS_MAX_RESPONSE_BYTES: ['0', /whole number above 0/],
  EVALS_SCENE_INSPECTION: ['sometimes', /one of auto, off/],
  EVALS_SCENE_SANDBOX: ['docker', /one of bwrap, unsandboxed/],
  EVALS_MANIM_PYTHON: [' /usr/bin/python3', /whitespace or control/],
  EVALS_SCENE_TIMEOUT_SECONDS: ['600', /at most 540/],
  EVALS_SCENE_CPU_SECONDS: ['0', /whole number above 0/],
  EVALS_SCENE_MEMORY_MB: ['2GB', /whole number above 0/],
  EVALS_RENDER_POLL_INTERVAL_SECONDS: ['0', /number above 0/],
  EVALS_RENDER_WAIT_LIMIT_SECONDS: ['soon', /number above 0/],
  EVALS_API_HOST: ['0.0.0.0:8080', /host name or IP address/],
  EVALS_API_PORT: ['65536', /port/],
  EVALS_API_BASE_PATH: ['v1', /a path like \/v1/],
  EVALS_API_RENDER_CONCURRENCY: ['0', /whole number above 0, at most 64/],
  EVALS_API_CACHE_MB: ['lots', /whole number, 0 or more/],
  LOG_LEVEL: ['loud', /one of trace, debug/],
  EVALS_MODEL_VISUAL_RUBRIC_JSON: ['\tbig-model', /whitespace or control/],
};

describe('configuration sections (src/config/)', () => {
  it("declare each variable in one section only: a second declaration would replace the first one's rule", () => {
    expect(CONFIG_VARIABLES.filter((v, i) => CONFIG_VARIABLES.indexOf(v) !== i)).toEqual([]);
  });

  it('flag the stack variables, and the secret variables are ones the loader reads', () => {
    expect(STACK_VARIABLES).toEqual(
      expect.arrayContaining([
        'TEMPORAL_ADDRESS',
        'DATABASE_URL',
        'EVALS_DATA_DIR',
        'EVALS_API_PORT',
        'EVALS_WORKER_POOLS',
        'EVALS_RETENTION_DAYS',
        'LOG_LEVEL',
      ]),
    );
    expect(
      STACK_VARIABLES.filter((v) =>
        ['EVALS_MODEL', 'EVALS_SAMPLES', 'EVALS_FRAME_CACHE_MB', 'EVALS_ACTIVITY_CONCURRENCY', 'EVALS_MAX_FRAMES'].includes(v),
      ),
    ).toEqual([]);
    expect([...SECRET_VARIABLES].sort()).toEqual(['DATABASE_URL', 'FRAGMENTS_API_KEY', 'OPENAI_API_KEY', 'TEMPORAL_API_KEY']);
  });
});

describe('configuration errors', () => {
  it('has a wrong value to try for every variable the loader reads', () => {
    const perKind = CONFIG_VARIABLES.filter((v) => v.startsWith('EVALS_MODEL_') && v !== 'EVALS_MODEL_VISUAL_RUBRIC_JSON');
    expect(CONFIG_VARIABLES.filter((v) => !(v in WRONG) && !perKind.includes(v))).toEqual([]);
  });

  it.each(Object.entries(WRONG))('%s: names the variable and what is wrong, never the value', (name, [value, says, extra]) => {
    let message = '';
    try {
      loadConfig({ ...extra, [name]: value });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`^invalid configuration: ${name}: `));
    expect(message).toMatch(says);
    // zod's own words say neither which rule nor why.
    expect(message).not.toMatch(/Invalid input|expected (number|string)/);
    if (value.trim().length >= 4) expect(message).not.toContain(value.trim());
  });

  it('accepts PostgreSQL URLs with a host, including a socket directory given as ?host=', () => {
    for (const url of [
      'postgres://evals:pw@db.internal:5432/evals',
      'postgresql://evals@127.0.0.1/evals',
      'postgresql:///evals?host=/var/run/postgresql',
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).database.url).toBe(url);
    }
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter22@db/evals' })).toThrow(/DATABASE_URL: .*postgres:\/\//);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:hunter22@/evals' })).toThrow(/DATABASE_URL: .*host/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:hunter22@/evals' })).not.toThrow(/hunter22/);
  });
});

describe('contradictory settings', () => {
  it('are none with the defaults', () => {
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });

  it('name both variables: a shutdown grace shorter than the longest activity', () => {
    const warnings = configWarnings(loadConfig({ EVALS_SHUTDOWN_GRACE_SECONDS: '10' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/EVALS_SHUTDOWN_GRACE_SECONDS \(10 s\) is not longer than the longest activity timeout \(600 s\)/);
  });

  it('leave judge slots apart from activity slots: judge calls have a pool of their own', () => {
    expect(configWarnings(loadConfig({ EVALS_JUDGE_CONCURRENCY: '32', EVALS_ACTIVITY_CONCURRENCY: '8' }))).toEqual([]);
  });

  it('name both variables: a stall wait longer than the whole download, a poll interval longer than the render wait', () => {
    const warnings = configWarnings(
      loadConfig({
        EVALS_DOWNLOAD_STALL_SECONDS: '200',
        EVALS_DOWNLOAD_TIMEOUT_SECONDS: '100',
        EVALS_RENDER_POLL_INTERVAL_SECONDS: '120',
        EVALS_RENDER_WAIT_LIMIT_SECONDS: '60',
      }),
    );
    expect(warnings).toEqual([
      expect.stringMatching(/EVALS_DOWNLOAD_STALL_SECONDS \(200 s\) is not below EVALS_DOWNLOAD_TIMEOUT_SECONDS \(100 s\)/),
      expect.stringMatching(/EVALS_RENDER_POLL_INTERVAL_SECONDS \(120 s\) is above EVALS_RENDER_WAIT_LIMIT_SECONDS \(60 s\)/),
    ]);
    expect(configWarnings(loadConfig({ EVALS_EXTRACT_TIMEOUT_SECONDS: '500' }))).toEqual([
      expect.stringMatching(
        /EVALS_DOWNLOAD_TIMEOUT_SECONDS \+ EVALS_EXTRACT_TIMEOUT_SECONDS \(620 s\) are not below the extraction activity's timeout \(600 s\)/,
      ),
    ]);
  });
});

describe('listening addresses', () => {
  it('bind the metrics endpoint and the read API to loopback unless the operator says otherwise', () => {
    const config = loadConfig({});
    expect(config.worker.metricsHost).toBe('127.0.0.1');
    expect(config.api.host).toBe('127.0.0.1');
    expect(loadConfig({ EVALS_METRICS_HOST: '0.0.0.0', EVALS_API_HOST: '::' })).toMatchObject({
      worker: { metricsHost: '0.0.0.0' },
      api: { host: '::' },
    });
  });
});

describe('worker pools', () => {
  it('run all three by default, with a media slot per core', () => {
    const { worker } = loadConfig({});
    expect(worker.pools).toEqual(['workflows', 'media', 'judge']);
    expect(worker.mediaConcurrency).toBe(os.availableParallelism());
  });

  it('are read from EVALS_WORKER_POOLS, each once', () => {
    expect(loadConfig({ EVALS_WORKER_POOLS: 'media' }).worker.pools).toEqual(['media']);
    expect(loadConfig({ EVALS_WORKER_POOLS: 'judge, workflows,judge' }).worker.pools).toEqual(['judge', 'workflows']);
    expect(() => loadConfig({ EVALS_WORKER_POOLS: ',' })).toThrow(/EVALS_WORKER_POOLS: must be a comma-separated list/);
  });
});

describe("Temporal's environment configuration (TEMPORAL_TLS_*)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-tls-'));
  const file = (name: string, content: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  const cert = file('client.pem', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
  const key = file('client.key', '-----BEGIN EC PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----\n');
  const ca = file('ca.pem', '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----\n');
  const address = { TEMPORAL_ADDRESS: 'temporal.internal:7233' };

  it('leaves TLS off with none of them, and turns it on with TEMPORAL_TLS or an API key', () => {
    expect(loadConfig(address).temporal.tls).toBe(false);
    expect(loadConfig({ ...address, TEMPORAL_TLS: 'true' }).temporal.tls).toEqual({});
    expect(loadConfig({ ...address, TEMPORAL_API_KEY: 'key-1234' }).temporal.tls).toEqual({});
    // As Temporal documents it: an explicit false turns TLS off even with an API key (a local proxy).
    expect(loadConfig({ ...address, TEMPORAL_API_KEY: 'key-1234', TEMPORAL_TLS: 'false' }).temporal.tls).toBe(false);
  });

  it('reads the client certificate and key (mTLS), the server CA and the server name, which turn TLS on', () => {
    const { tls } = loadConfig({
      ...address,
      TEMPORAL_TLS_CLIENT_CERT_PATH: cert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: key,
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca,
      TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
    }).temporal;
    expect(tls).toEqual({
      serverNameOverride: 'temporal.internal',
      serverRootCACertificate: fs.readFileSync(ca),
      clientCertPair: { crt: fs.readFileSync(cert), key: fs.readFileSync(key) },
    });
    expect(loadConfig({ ...address, TEMPORAL_TLS_SERVER_NAME: 'temporal.internal' }).temporal.tls).toEqual({
      serverNameOverride: 'temporal.internal',
    });
  });

  it('names the variable of a file it cannot read or that is not PEM', () => {
    const missing = path.join(dir, 'missing.pem');
    expect(() => loadConfig({ TEMPORAL_TLS_CLIENT_CERT_PATH: missing, TEMPORAL_TLS_CLIENT_KEY_PATH: key })).toThrow(
      `invalid configuration: TEMPORAL_TLS_CLIENT_CERT_PATH: cannot read ${missing}: no such file`,
    );
    expect(() => loadConfig({ TEMPORAL_TLS_SERVER_CA_CERT_PATH: dir })).toThrow(
      /^invalid configuration: TEMPORAL_TLS_SERVER_CA_CERT_PATH: cannot read .*: it is a directory$/,
    );
    // A key given where the certificate belongs: named, and the key's content is not in the message.
    let message = '';
    try {
      loadConfig({ TEMPORAL_TLS_CLIENT_CERT_PATH: key, TEMPORAL_TLS_CLIENT_KEY_PATH: cert });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe(`invalid configuration: TEMPORAL_TLS_CLIENT_CERT_PATH: ${key} is not a PEM certificate`);
    expect(message).not.toContain('MHcC');
  });

  it('refuses a certificate without its key, an explicit TEMPORAL_TLS=false beside TLS files, and disabling host verification', () => {
    expect(() => loadConfig({ TEMPORAL_TLS_CLIENT_CERT_PATH: cert })).toThrow(
      /TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH go together/,
    );
    expect(() => loadConfig({ TEMPORAL_TLS_CLIENT_KEY_PATH: key })).toThrow(
      /TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH go together/,
    );
    expect(() => loadConfig({ TEMPORAL_TLS: 'false', TEMPORAL_TLS_SERVER_CA_CERT_PATH: ca })).toThrow(/TEMPORAL_TLS=false contradicts/);
    expect(() => loadConfig({ TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: 'true' })).toThrow(
      /TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: .*TEMPORAL_TLS_SERVER_NAME/,
    );
    expect(loadConfig({ TEMPORAL_TLS_DISABLE_HOST_VERIFICATION: 'false' }).temporal.tls).toBe(false);
  });
});
