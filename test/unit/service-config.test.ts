import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { DEFAULT_RENDER_WAIT, formatDuration } from '../../src/domain/render-wait';

describe('service configuration', () => {
  it('defaults to the /v1 base path and the default render wait', () => {
    const config = loadConfig({});
    expect(config.api).toEqual({ host: '127.0.0.1', port: 8080, basePath: '/v1', renderConcurrency: 2, cacheBytes: 32 * 1024 * 1024 });
    expect(config.fragments).toEqual({
      apiUrl: undefined,
      apiKey: undefined,
      filesParam: 'includeFiles',
      maxResponseBytes: 8 * 1024 * 1024,
      renderWait: DEFAULT_RENDER_WAIT,
    });
  });

  it('reads the fragments API and render wait settings, in seconds with fractions', () => {
    const config = loadConfig({
      FRAGMENTS_API_URL: 'https://api.example.com/v1',
      FRAGMENTS_API_KEY: 'secret',
      EVALS_RENDER_POLL_INTERVAL_SECONDS: '0.5',
      EVALS_RENDER_WAIT_LIMIT_SECONDS: '90',
      EVALS_API_BASE_PATH: '/api/v1',
      FRAGMENTS_FILES_PARAM: 'embedFiles',
      FRAGMENTS_MAX_RESPONSE_BYTES: '1048576',
    });
    expect(config.fragments).toEqual({
      apiUrl: 'https://api.example.com/v1',
      apiKey: 'secret',
      filesParam: 'embedFiles',
      maxResponseBytes: 1_048_576,
      renderWait: { pollIntervalMs: 500, limitMs: 90_000 },
    });
    expect(config.api.basePath).toBe('/api/v1');
  });

  it('mounts at the root with / and refuses malformed base paths and URLs without echoing values', () => {
    expect(loadConfig({ EVALS_API_BASE_PATH: '/' }).api.basePath).toBe('');
    for (const basePath of ['v1', '/v1/', '/v 1', '//v1']) {
      expect(() => loadConfig({ EVALS_API_BASE_PATH: basePath })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ FRAGMENTS_API_URL: 'not a url secret-ish' })).toThrow(/FRAGMENTS_API_URL/);
    expect(() => loadConfig({ FRAGMENTS_API_URL: 'not a url secret-ish' })).not.toThrow(/secret-ish/);
    expect(() => loadConfig({ EVALS_RENDER_WAIT_LIMIT_SECONDS: '0' })).toThrow(/EVALS_RENDER_WAIT_LIMIT_SECONDS/);
  });

  it('states wait limits the way summaries show them', () => {
    expect([4_000, 1_500, 90_000, 60_000, 30 * 60_000, 65 * 60_000, 120 * 60_000].map(formatDuration)).toEqual([
      '4s',
      '1.5s',
      '90s',
      '1m',
      '30m',
      '1h 5m',
      '2h',
    ]);
  });
});
