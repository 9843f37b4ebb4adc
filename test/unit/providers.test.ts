import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createProvider } from '../../src/providers';
import { fleetProvider } from '../../src/providers/fleet';

describe('createProvider', () => {
  it('creates the provider EVALS_PROVIDER names, from its own settings', () => {
    const local = loadConfig({ EVALS_LOCAL_JUDGE_DELAY_MS: '250' });
    expect(local.judge.local).toEqual({ delayMs: 250 });
    expect(createProvider(local).name).toBe('local');
    const openai = loadConfig({
      OPENAI_API_KEY: 'sk-provider-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      EVALS_LOCAL_PRECHECKS: 'false',
    });
    expect(openai.judge.openai).toEqual({ apiKey: 'sk-provider-test', baseUrl: 'http://127.0.0.1:9/v1', localPrechecks: false });
    expect(createProvider(openai).name).toBe('openai');
  });

  it('says whether its endpoint caches the prompt prefix, through the local checks and the fleet limit', () => {
    const openai = createProvider(loadConfig({ OPENAI_API_KEY: 'sk-provider-test' }));
    expect(openai.cachesPromptPrefix).toBe(true);
    expect(fleetProvider(openai, 2).cachesPromptPrefix).toBe(true);
    const local = createProvider(loadConfig({ EVALS_PROVIDER: 'local', OPENAI_API_KEY: 'sk-provider-test' }));
    expect(local.cachesPromptPrefix).toBeFalsy();
    expect(fleetProvider(local, 2).cachesPromptPrefix).toBeFalsy();
  });
});
