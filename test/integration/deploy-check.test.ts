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

/** A copy of docker-compose.yml with one text replaced (which it must contain). */
function composeWith(from: string, to: string): string {
  const file = path.join(fs.mkdtempSync(path.join(scratch, 'compose-')), 'docker-compose.yml');
  const text = fs.readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
  return file;
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
      // The secure defaults, checked: every container of every render, the plain render, the compose file.
      expect(result.stdout).toMatch(/^ {2}\d+ containers: egress limited by a NetworkPolicy, root file system read-only/m);
      expect(result.stdout).toMatch(/^default: renders without --kube-version/m);
      expect(result.stdout).toMatch(/^compose: \d+ services in docker-compose\.yml, published on loopback only, every password required$/m);
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
    [
      'pods without a NetworkPolicy',
      'values.yaml',
      'networkPolicy:\n  enabled: true',
      'networkPolicy:\n  enabled: false',
      /media-0-1-0, container worker: no NetworkPolicy limits its egress/,
    ],
    [
      'a writable root file system',
      'templates/_helpers.tpl',
      'readOnlyRootFilesystem: true',
      'readOnlyRootFilesystem: false',
      /media-0-1-0, container worker: its root file system is writable/,
    ],
    [
      'an emptyDir without a size limit',
      'templates/_helpers.tpl',
      '  emptyDir:\n    sizeLimit: {{ .root.Values.tmpSizeLimit }}',
      '  emptyDir: {}',
      /container worker: emptyDir tmp has no sizeLimit/,
    ],
    [
      'a container without an ephemeral-storage limit',
      'values.yaml',
      'limits: {cpu: "2", memory: 4Gi, ephemeral-storage: 3Gi}',
      'limits: {cpu: "2", memory: 4Gi}',
      /media-0-1-0, container worker: no ephemeral-storage limit/,
    ],
    [
      'a data directory too small for two downloads',
      'values.yaml',
      'dataSizeLimit: 2Gi',
      'dataSizeLimit: 512Mi',
      /media-0-1-0, container worker: its data directory's volume \(512Mi\) is smaller than what it keeps there, 1296 MiB/,
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

  it.each([
    [
      'a port published on every interface',
      "'127.0.0.1:5432:5432'",
      "'5432:5432'",
      /compose: evals-postgresql: publishes 5432:5432 on every interface/,
    ],
    [
      'a default password',
      `POSTGRES_PASSWORD: \${EVALS_DB_PASSWORD:?set EVALS_DB_PASSWORD}`,
      `POSTGRES_PASSWORD: \${EVALS_DB_PASSWORD:-evals-local-password}`,
      /compose: evals-postgresql: POSTGRES_PASSWORD falls back to a default password/,
    ],
  ])(
    'fails a compose file with %s, naming it',
    (_what, from, to, problem) => {
      const result = check(['--profiles', noProfiles, '--compose', composeWith(from, to)]);
      expect(result.stderr).toMatch(problem);
      expect(result.status).toBe(1);
    },
    FIRST_RUN_MS,
  );
});
