import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

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
    expect(() => loadConfig({ EVALS_DISABLED_KINDS: 'NOPE' })).toThrow(/unknown kind NOPE/);
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
    expect(loadConfig({ EVALS_DEPLOYMENT_NAME: 'eval-pipeline', EVALS_BUILD_ID: 'b7' }).worker.deployment).toEqual({ name: 'eval-pipeline', buildId: 'b7', defaultBehavior: 'PINNED' });
    expect(loadConfig({ EVALS_DEPLOYMENT_NAME: 'eval-pipeline', EVALS_BUILD_ID: 'b7', EVALS_VERSIONING_BEHAVIOR: 'auto-upgrade' }).worker.deployment?.defaultBehavior).toBe('AUTO_UPGRADE');
    expect(() => loadConfig({ EVALS_BUILD_ID: 'b7' })).toThrow(/EVALS_DEPLOYMENT_NAME and EVALS_BUILD_ID/);
    expect(() => loadConfig({ EVALS_DEPLOYMENT_NAME: 'x', EVALS_BUILD_ID: 'b', EVALS_VERSIONING_BEHAVIOR: 'sometimes' })).toThrow(/EVALS_VERSIONING_BEHAVIOR/);
  });
});
