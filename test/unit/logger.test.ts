import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig, PROJECT_ROOT } from '../../src/config';

/** Runs `body` in a fresh Node process with a logger from src/logger.ts; returns what it logged (stderr). */
function stderrOf(secrets: string[], body: string): string {
  const script = `
    const { createLogger, logContext } = require(${JSON.stringify(path.join(PROJECT_ROOT, 'src', 'logger.ts'))});
    const log = createLogger('info', { role: 'test' }, ${JSON.stringify(secrets)});
    ${body}`;
  return spawnSync(process.execPath, ['-r', 'tsx/cjs', '-e', script], { cwd: PROJECT_ROOT, encoding: 'utf8' }).stderr;
}

describe('logs', () => {
  it('scrub configured secrets from messages, fields and errors, and redact known secret keys', () => {
    const config = loadConfig({
      OPENAI_API_KEY: 'sk-live-abc123',
      EVALS_PROVIDER: 'local',
      DATABASE_URL: 'postgres://svc:p%40ss-w0rd@db:5432/evals',
      TEMPORAL_API_KEY: 'tmprl-key-987',
      FRAGMENTS_API_KEY: 'frag-key-456',
    });
    const { secrets } = config;
    expect(secrets.sort()).toEqual(['frag-key-456', 'p@ss-w0rd', 'sk-live-abc123', 'tmprl-key-987'].sort());
    const out = stderrOf(
      secrets,
      `log.info({ apiKey: 'sk-live-abc123', nested: { password: 'other' } }, 'calling judge');
       log.error({ err: new Error('connect failed for postgres://svc:p@ss-w0rd@db/evals') }, 'database down');
       log.warn('header was Bearer tmprl-key-987');`,
    );
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(out).not.toMatch(/sk-live-abc123|p@ss-w0rd|tmprl-key-987|"other"/);
    expect(lines[0]).toMatchObject({ apiKey: '[redacted]', nested: { password: '[redacted]' } });
    expect(lines[1].err.message).toBe('connect failed for postgres://svc:[redacted]@db/evals');
    expect(lines[2].msg).toBe('header was Bearer [redacted]');
  });

  it('carry no raw control character a terminal would act on, and the exact text once parsed', () => {
    const text = 'Clipped \x1b[2J\x1b]0;pwned\x07 \u009b31m invoice\u202egnp.exe \x7f';
    const out = stderrOf([], `log.warn({ description: ${JSON.stringify(text)} }, 'judge said');`);
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(JSON.parse(out.trim()).description).toBe(text);
  });

  it('carry the fields of the activity being run', () => {
    const out = stderrOf(
      [],
      `logContext.run({ workflowId: 'wf-1', pipelineRunId: 'run-1', fragmentId: 'frag-1', kind: 'VISUAL_RUBRIC_JSON' }, () => log.info({ score: 3 }, 'scored'));
       log.info('outside');`,
    );
    const [inside, outside] = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(inside).toMatchObject({
      workflowId: 'wf-1',
      pipelineRunId: 'run-1',
      fragmentId: 'frag-1',
      kind: 'VISUAL_RUBRIC_JSON',
      score: 3,
      msg: 'scored',
    });
    expect(outside.workflowId).toBeUndefined();
  });
});

describe('configuration', () => {
  it('lists every variable it reads, including the per-kind models', () => {
    expect(CONFIG_VARIABLES).toContain('EVALS_JUDGE_CONCURRENCY');
    expect(CONFIG_VARIABLES).toContain('EVALS_METRICS_PORT');
    expect(CONFIG_VARIABLES).toContain('EVALS_MODEL_VISUAL_RUBRIC_JSON');
    expect(CONFIG_VARIABLES).not.toContain('EVALS_MODEL_');
  });
});
