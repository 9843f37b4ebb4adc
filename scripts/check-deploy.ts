/**
 * `npm run check:deploy`: the Helm chart and the compose file checked without a cluster or a Docker
 * engine (docs/operations.md, "Checking the chart"). For the chart's defaults and each profile in
 * deploy/helm/profiles/:
 *   1. `helm lint --strict` and `helm template` (values.schema.json applies to both), and the defaults
 *      rendered without --kube-version too, as an operator's helm does;
 *   2. every object validated strictly, offline, by kubeconform against Kubernetes' JSON schemas (from
 *      the PyPI package kubernetes-validate) and the CRD-derived ones vendored in deploy/schemas/;
 *   3. cross-checks with the worker: every variable set is one src/config/ reads and the rendered
 *      environment loads, terminationGracePeriodSeconds exceeds the shutdown grace, the probes are on the
 *      paths and ports the processes serve, each ScaledObject watches its pools' task queues, and the media
 *      pods can run bubblewrap;
 *   4. the secure defaults: every pod's egress limited by a NetworkPolicy, every root file system
 *      read-only, every emptyDir and container bounded (sizeLimit, ephemeral-storage) with room for what
 *      the worker keeps in its data directory, every image pinned to a tag or a digest.
 * And docker-compose.yml: nothing published beyond loopback, no password with a default.
 * Tools install on first use into .tools/ (Go and pip needed). Exit status 1 names every problem.
 *
 *   check-deploy [--chart <dir>] [--profiles <dir>] [--compose <file>]
 *   check-deploy --import-crd <crd.yaml>...   (writes deploy/schemas/<group>/<kind>_<version>.json)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { PROJECT_ROOT } from '../src/config';
import { checkCompose } from './deploy-check/compose';
import { crossCheck, type K8sObject } from './deploy-check/manifests';
import {
  CRD_SCHEMAS,
  ensureGoTool,
  ensureKubernetesSchemas,
  HELM_DEFAULT_KUBERNETES,
  HELM_VERSION,
  importCrds,
  KUBECONFORM_VERSION,
  KUBERNETES_VALIDATE_VERSION,
  KUBERNETES_VERSION,
  run,
  say,
} from './deploy-check/tools';

function checkProfile(
  helm: string,
  kubeconform: string,
  k8sSchemas: string,
  chart: string,
  profile: string | undefined,
  scratch: string,
): string[] {
  const name = profile ? path.basename(profile, '.yaml') : 'default';
  const values = profile ? ['-f', profile] : [];
  const lint = run(helm, ['lint', '--strict', chart, ...values, '--kube-version', KUBERNETES_VERSION]);
  if (lint.status !== 0) return [`${name}: helm lint: ${lint.stdout}${lint.stderr}`.trim()];
  const rendered = run(helm, ['template', 'evals', chart, '--namespace', 'evals', '--kube-version', KUBERNETES_VERSION, ...values]);
  if (rendered.status !== 0) return [`${name}: helm template: ${rendered.stderr.trim()}`];
  const file = path.join(scratch, `${name}.yaml`);
  fs.writeFileSync(file, rendered.stdout);

  const validation = run(kubeconform, [
    '-strict',
    '-summary',
    '-kubernetes-version',
    KUBERNETES_VERSION,
    '-schema-location',
    `${k8sSchemas}/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
    '-schema-location',
    `${CRD_SCHEMAS}/{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json`,
    file,
  ]);
  const problems =
    validation.status === 0
      ? []
      : validation.stdout
          .split('\n')
          .filter((l) => l && !l.startsWith('Summary:'))
          .map(
            (l) =>
              `${name}: ${l.replace(`${file} - `, '').replace(/problem validating schema\. Check JSON formatting: jsonschema validation failed with '[^']*' - /, '')}`,
          );
  if (validation.status !== 0 && problems.length === 0) problems.push(`${name}: kubeconform: ${validation.stderr.trim()}`);

  const objects = parseAllDocuments(rendered.stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
  const { problems: crossProblems, notes } = crossCheck(objects, path.join(scratch, name));
  const kinds = [...new Set(objects.map((o) => o.kind))].sort();
  say(
    `${name}: ${objects.length} objects (${kinds.join(', ')}), ${problems.length ? 'INVALID' : 'valid'} against Kubernetes ${KUBERNETES_VERSION} and the vendored CRD schemas`,
  );
  for (const note of notes) say(`  ${note}`);
  return [...problems, ...crossProblems.map((p) => `${name}: ${p}`)];
}

function main(argv: string[]): number {
  const option = (flag: string, fallback: string) => (argv.includes(flag) ? path.resolve(argv[argv.indexOf(flag) + 1]) : fallback);
  if (argv[0] === '--import-crd') {
    importCrds(argv.slice(1));
    return 0;
  }
  const chart = option('--chart', path.join(PROJECT_ROOT, 'deploy', 'helm', 'eval-pipeline-worker'));
  const profiles = option('--profiles', path.join(PROJECT_ROOT, 'deploy', 'helm', 'profiles'));
  const composeFile = option('--compose', path.join(PROJECT_ROOT, 'docker-compose.yml'));

  const { major, minor } = HELM_DEFAULT_KUBERNETES;
  const helm = ensureGoTool(
    'helm',
    HELM_VERSION,
    'helm.sh/helm/v3/cmd/helm',
    [
      `-X helm.sh/helm/v3/internal/version.version=v${HELM_VERSION}`,
      ...['pkg/lint/rules', 'pkg/chartutil'].flatMap((p) => [
        `-X helm.sh/helm/v3/${p}.k8sVersionMajor=${major}`,
        `-X helm.sh/helm/v3/${p}.k8sVersionMinor=${minor}`,
      ]),
    ].join(' '),
  );
  const kubeconform = ensureGoTool('kubeconform', KUBECONFORM_VERSION, 'github.com/yannh/kubeconform/cmd/kubeconform');
  const k8sSchemas = ensureKubernetesSchemas();
  say(
    `helm ${HELM_VERSION}, kubeconform ${KUBECONFORM_VERSION}, Kubernetes ${KUBERNETES_VERSION} schemas (kubernetes-validate ${KUBERNETES_VALIDATE_VERSION}); chart ${path.relative(PROJECT_ROOT, chart) || chart}`,
  );

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'check-deploy-'));
  try {
    const files = fs.existsSync(profiles)
      ? fs
          .readdirSync(profiles)
          .filter((f) => f.endsWith('.yaml'))
          .sort()
          .map((f) => path.join(profiles, f))
      : [];
    const problems = [undefined, ...files].flatMap((profile) => checkProfile(helm, kubeconform, k8sSchemas, chart, profile, scratch));
    // As an operator renders it: no --kube-version, helm's own default (a release build's).
    const plain = run(helm, ['template', 'evals', chart, '--namespace', 'evals']);
    if (plain.status !== 0) problems.push(`default: a plain \`helm template\` (no --kube-version) fails: ${plain.stderr.trim()}`);
    else
      say(
        `default: renders without --kube-version (helm's default Kubernetes ${HELM_DEFAULT_KUBERNETES.major}.${HELM_DEFAULT_KUBERNETES.minor})`,
      );
    const compose = checkCompose(composeFile);
    problems.push(...compose.problems.map((p) => `compose: ${p}`));
    say(
      `compose: ${compose.services} services in ${path.relative(PROJECT_ROOT, composeFile) || composeFile}, ${compose.problems.length ? 'NOT hardened' : 'published on loopback only, every password required'}`,
    );
    for (const problem of problems) console.error(`PROBLEM ${problem}`);
    say(problems.length ? `check:deploy: ${problems.length} problem(s)` : `check:deploy: ${files.length + 1} renders checked, no problems`);
    return problems.length ? 1 : 0;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

process.exitCode = main(process.argv.slice(2));
