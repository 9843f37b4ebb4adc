import { describe, expect, it } from 'vitest';
import { configurationOf, parseEnvFile } from '../../src/calibration/configurations';

describe('judge configurations of evals calibrate', () => {
  it('reads NAME=value lines: comments and blank lines skipped, quotes taken off, a broken or repeated line named by number', () => {
    expect(
      parseEnvFile('# a judge\n\nEVALS_PROVIDER=local\nEVALS_MODEL = "gpt-4.1"\nOPENAI_BASE_URL=\'http://127.0.0.1:1/v1\'\n', 'a.env'),
    ).toEqual({
      EVALS_PROVIDER: 'local',
      EVALS_MODEL: 'gpt-4.1',
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
    });
    expect(() => parseEnvFile('EVALS_PROVIDER=local\njust words\n', 'a.env')).toThrow('a.env:2: expected NAME=value');
    expect(() => parseEnvFile('EVALS_MODEL=a\nEVALS_MODEL=b\n', 'a.env')).toThrow('a.env:2: EVALS_MODEL is set twice');
  });

  it('is identified by what decides its judgements, never by a secret, and shows its secrets masked', () => {
    const env = { EVALS_DATA_DIR: '/tmp/x' };
    const llm = (vars: Record<string, string>) =>
      configurationOf('llm', { EVALS_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-first-secret', ...vars }, env, 'test');
    const first = llm({});
    expect(first.settings).toEqual({ EVALS_PROVIDER: 'openai', OPENAI_API_KEY: '[secret]' });
    expect(first.config.judge.provider).toBe('openai');
    // Another key, the same judge; another model or mode, another judge.
    expect(llm({ OPENAI_API_KEY: 'sk-second-secret' }).hash).toBe(first.hash);
    expect(llm({ EVALS_MODEL: 'gpt-4.1' }).hash).not.toBe(first.hash);
    expect(llm({ EVALS_JUDGE_MODE: 'combined' }).hash).not.toBe(first.hash);
    expect(configurationOf('other-name', { EVALS_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' }, env, 'test').hash).toBe(first.hash);
    // A variable set in the environment counts as much as one in the file.
    expect(configurationOf('env', { EVALS_PROVIDER: 'local' }, { ...env, EVALS_SCENE_INSPECTION: 'off' }, 'test').hash).toBe(
      configurationOf('file', { EVALS_PROVIDER: 'local', EVALS_SCENE_INSPECTION: 'off' }, env, 'test').hash,
    );
    expect(first.versions.analyzers).toMatch(/^local-analyzers\/v\d+$/);
  });

  it('refuses a name it cannot show, a variable the service does not read or that names the stack, and an invalid value', () => {
    expect(() => configurationOf('a b', {}, {}, 'x')).toThrow(
      'x: a configuration name is 1-40 letters, digits, dots, dashes or underscores',
    );
    expect(() => configurationOf('a', { EVALS_MODLE: 'x' }, {}, 'x')).toThrow(
      'x: EVALS_MODLE is not a variable evals reads (did you mean EVALS_MODEL?)',
    );
    expect(() => configurationOf('a', { TEMPORAL_ADDRESS: 'h:1' }, {}, 'x')).toThrow('x: TEMPORAL_ADDRESS names the stack, not the judge');
    expect(() => configurationOf('a', { EVALS_PROVIDER: 'openai' }, {}, 'x')).toThrow(
      'x: invalid configuration: EVALS_PROVIDER=openai needs OPENAI_API_KEY',
    );
  });
});
