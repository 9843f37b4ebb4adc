import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config';

// `npm run check:deploy` for real: helm, kubeconform and the schemas (installed into .tools/ on first use).
const CHART = path.join(PROJECT_ROOT, 'deploy', 'helm', 'eval-pipeline-worker');
// The first run may build helm and kubeconform from source.
const FIRST_RUN_MS = 20 * 60_000;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-check-test-'));
const noProfiles = fs.mkdtempSync(path.join(scratch, 'profiles-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function check(args: string[] = []) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', 'check-deploy.ts'), ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: FIRST_RUN_MS,
  });
}

/** A copy of the chart with one text replaced in one file (which must contain it). */
function chartWith(file: string, from: string, to: string): string {
  const dir = fs.mkdtempSync(path.join(scratch, 'chart-'));
  fs.cpSync(CHART, dir, { recursive: true });
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(path.join(dir, file), text.replace(from, to));
  return dir;
}

describe('npm run check:deploy', () => {
  it(
    'passes the chart with its defaults and every profile',
    () => {
      const result = check();
      expect(result.stderr).not.toContain('PROBLEM');
      expect(result.status).toBe(0);
      const profiles = fs.readdirSync(path.join(PROJECT_ROOT, 'deploy', 'helm', 'profiles')).map((f) => path.basename(f, '.yaml'));
      for (const name of ['default', ...profiles])
        expect(result.stdout).toMatch(new RegExp(`^${name}: \\d+ objects .* valid against Kubernetes`, 'm'));
      expect(result.stdout).toContain('ScaledObject');
    },
    FIRST_RUN_MS,
  );

  it.each([
    [
      'a misspelled field',
      'templates/worker-deployment.yaml',
      'terminationGracePeriodSeconds:',
      'terminationGracePeriodSecond:',
      /additional properties 'terminationGracePeriodSecond' not allowed/,
    ],
    [
      'a variable the config loader does not read',
      'values.yaml',
      'env: {}',
      'env: {EVALS_MODLE: gpt-4.1-mini}',
      /sets EVALS_MODLE, which src\/config\/ does not read/,
    ],
    [
      'a termination grace no longer than the drain',
      'templates/worker-deployment.yaml',
      '{{ add $.Values.shutdownGraceSeconds $.Values.terminationMarginSeconds }}',
      '{{ $.Values.shutdownGraceSeconds }}',
      /terminationGracePeriodSeconds \(630\) must exceed EVALS_SHUTDOWN_GRACE_SECONDS \(630\)/,
    ],
    [
      'a readiness probe on a path the worker does not serve',
      'templates/worker-deployment.yaml',
      'path: /readyz',
      'path: /ready',
      /readiness probe on \/ready, the process serves \/readyz/,
    ],
    [
      'a scaler watching another queue',
      'templates/_helpers.tpl',
      '(printf "%s-media" $queue)',
      '(printf "%s-medias" $queue)',
      /watches eval-pipeline-medias \(activity\), its pools poll eval-pipeline-media \(activity\)/,
    ],
  ])(
    'fails %s, naming it',
    (_what, file, from, to, problem) => {
      const result = check(['--chart', chartWith(file, from, to), '--profiles', noProfiles]);
      expect(result.stderr).toMatch(problem);
      expect(result.status).toBe(1);
    },
    FIRST_RUN_MS,
  );
});
