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
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { CONFIG_VARIABLES, type Config, ConfigError, loadConfig, PROJECT_ROOT } from '../src/config';
import { type Pool, POOLS, poolTaskQueue } from '../src/domain/pools';
import { pipInstallInto } from '../src/infra/executables';
import { PROBE_PATHS } from '../src/metrics';

const HELM_VERSION = '3.21.4';
/**
 * The Kubernetes version helm assumes without --kube-version: the one its release binaries are built with (its
 * Makefile: one more than the major and the minor of its k8s.io/client-go, v0.36). Built from source without it, helm
 * assumes 1.20, and a plain `helm template` of this chart (kubeVersion >=1.30) fails.
 */
const HELM_DEFAULT_KUBERNETES = { major: '1', minor: '36' };
const KUBECONFORM_VERSION = '0.8.0';
const KUBERNETES_VALIDATE_VERSION = '1.34.1';
/** The oldest Kubernetes the chart's media pods run on without feature gates (docs/operations.md). */
const KUBERNETES_VERSION = '1.33.0';

const TOOLS_DIR = path.join(PROJECT_ROOT, '.tools');
const CRD_SCHEMAS = path.join(PROJECT_ROOT, 'deploy', 'schemas');

/**
 * What the processes serve: the worker's metrics port answers PROBE_PATHS (src/metrics.ts);
 * `evals serve` answers its health route (HEALTH_PATH in src/api/routes.ts) for both probes.
 */
const PROBES = {
  worker: { liveness: PROBE_PATHS.liveness, readiness: PROBE_PATHS.readiness },
  serve: { liveness: '/healthz', readiness: '/healthz' },
} as const;

/** Which of Temporal's queue types each pool's scaler watches: workflow tasks for `workflows`, activities for the rest. */
const QUEUE_TYPE: Record<Pool, 'workflow' | 'activity'> = { workflows: 'workflow', media: 'activity', judge: 'activity' };
const isPool = (name: string): name is Pool => (POOLS as readonly string[]).includes(name);

const say = (line: string) => console.log(line);

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(command, args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
}

function timed(what: string, install: () => void): void {
  const started = Date.now();
  install();
  say(`  installed ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * A Go program built from its module at a pinned version (the Go module proxy) into .tools/<name>-<version>/bin
 * (with a hash of the link flags in the name when there are any, so a change of flags builds it again).
 */
function ensureGoTool(name: string, version: string, pkg: string, ldflags = ''): string {
  const flavour = ldflags ? `-${crypto.createHash('sha256').update(ldflags).digest('hex').slice(0, 8)}` : '';
  const bin = path.join(TOOLS_DIR, `${name}-${version}${flavour}`, 'bin');
  const executable = path.join(bin, name);
  if (fs.existsSync(executable)) return executable;
  if (run('go', ['version']).status !== 0)
    throw new Error(`${name} ${version} is built with Go, which is not on PATH (apt-get install golang-go, or go.dev/dl)`);
  timed(`${name} ${version} (go install ${pkg}@v${version}, a few minutes)`, () => {
    const result = run('go', ['install', '-trimpath', `-ldflags=${ldflags}`, `${pkg}@v${version}`], {
      ...process.env,
      GOBIN: bin,
      CGO_ENABLED: '0',
    });
    if (result.status !== 0 || !fs.existsSync(executable)) throw new Error(`go install ${pkg}@v${version} failed:\n${result.stderr}`);
  });
  return executable;
}

/**
 * Kubernetes' JSON schemas for KUBERNETES_VERSION, strict variant (no unknown fields), from the PyPI
 * package kubernetes-validate, rewritten once for kubeconform: each kind's schema names its definitions
 * by an absolute https $id and path, which would send kubeconform to the network; here they refer to
 * the _definitions.json file beside them.
 */
function ensureKubernetesSchemas(): string {
  const target = path.join(TOOLS_DIR, `kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`);
  const dir = path.join(target, 'kubeconform', `v${KUBERNETES_VERSION}-local-strict`);
  if (fs.existsSync(path.join(dir, '_definitions.json'))) return path.dirname(dir);
  const source = path.join(target, 'kubernetes_validate', 'kubernetes-json-schema', `v${KUBERNETES_VERSION}-local-strict`);
  if (!fs.existsSync(source)) {
    timed(`kubernetes-validate ${KUBERNETES_VALIDATE_VERSION}'s schemas (pip)`, () => {
      const result = run('python3', pipInstallInto(target, `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`));
      if (result.status !== 0 || !fs.existsSync(source))
        throw new Error(`pip install kubernetes-validate==${KUBERNETES_VALIDATE_VERSION} failed:\n${result.stderr}`);
    });
  }
  fs.mkdirSync(dir, { recursive: true });
  const files = fs.readdirSync(source).filter((f) => f.endsWith('.json') && f !== '_definitions.json');
  for (const file of [...files, '_definitions.json']) {
    const schema = JSON.parse(fs.readFileSync(path.join(source, file), 'utf8')) as Record<string, unknown>;
    if (file !== '_definitions.json') delete schema.$id;
    fs.writeFileSync(path.join(dir, file), JSON.stringify(schema).replaceAll('"/api/_definitions.json#', '"_definitions.json#'));
  }
  return path.dirname(dir);
}

type Schema = { [key: string]: unknown };
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A CRD's openAPIV3Schema as a strict JSON schema: objects with declared properties take no others
 * (unless the CRD preserves unknown fields), int-or-string and nullable spelled out, descriptions dropped.
 */
function strictSchema(node: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' || key === 'nullable' || key.startsWith('x-kubernetes-')) continue;
    if ((key === 'properties' || key === 'patternProperties') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strictSchema(sub as Schema)]));
    } else if (['items', 'additionalProperties', 'not'].includes(key) && isObject(value)) out[key] = strictSchema(value);
    else if (['allOf', 'anyOf', 'oneOf'].includes(key) && Array.isArray(value)) out[key] = value.map((v) => strictSchema(v as Schema));
    else out[key] = value;
  }
  if (node['x-kubernetes-int-or-string'] && !out.anyOf) {
    delete out.type;
    out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  if (node.nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (isObject(out.properties) && out.additionalProperties === undefined && !node['x-kubernetes-preserve-unknown-fields'])
    out.additionalProperties = false;
  return out;
}

function importCrds(files: readonly string[]): void {
  for (const file of files) {
    const crd = parse(fs.readFileSync(file, 'utf8')) as {
      spec: { group: string; names: { kind: string }; versions: { name: string; schema: { openAPIV3Schema: Schema } }[] };
    };
    for (const version of crd.spec.versions) {
      const out = path.join(CRD_SCHEMAS, crd.spec.group, `${crd.spec.names.kind.toLowerCase()}_${version.name}.json`);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(strictSchema(version.schema.openAPIV3Schema), null, 1)}\n`);
      say(`wrote ${path.relative(PROJECT_ROOT, out)}`);
    }
  }
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: unknown;
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image?: string;
  args?: string[];
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: { procMount?: string; seccompProfile?: { type: string }; readOnlyRootFilesystem?: boolean };
  volumeMounts?: { name: string; mountPath: string }[];
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
}
interface PodSpec {
  containers: Container[];
  volumes?: { name: string; secret?: unknown; emptyDir?: { sizeLimit?: string | number } }[];
  terminationGracePeriodSeconds?: number;
  hostUsers?: boolean;
  runtimeClassName?: string;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}
interface Trigger {
  type: string;
  metadata: Record<string, string>;
}

function podSpecOf(object: K8sObject): PodSpec | undefined {
  const template = (object.spec as { template?: { spec?: PodSpec } } | undefined)?.template;
  return template?.spec;
}

function podLabelsOf(object: K8sObject): Record<string, string> {
  return (object.spec as { template?: { metadata?: { labels?: Record<string, string> } } } | undefined)?.template?.metadata?.labels ?? {};
}

const MI = 1024 * 1024;
const UNITS: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 1024, Mi: MI, Gi: 1024 * MI, Ti: 1024 * 1024 * MI };

/** A Kubernetes quantity of bytes (`512Mi`, `2Gi`, `1e9`…) as a number, or NaN. */
function bytesOf(quantity: string | number | undefined): number {
  if (typeof quantity === 'number') return quantity;
  const m = /^([0-9]+(?:\.[0-9]+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity ?? '');
  return m ? Number(m[1]) * UNITS[m[2] ?? ''] : Number.NaN;
}
const mib = (bytes: number) => `${Math.ceil(bytes / MI)} MiB`;

/** An image pinned to what it runs: `repository:tag` (not latest) or `repository[:tag]@sha256:<digest>`. */
const pinnedImage = (image: string) =>
  /@sha256:[a-f0-9]{64}$/.test(image) || (/^[^@]+:[\w][\w.-]{0,127}$/.test(image) && !image.endsWith(':latest'));

/** TeX cache's bound (src/scene/tex-cache.ts) and the raw frames an extraction writes per slot (docs/operations.md). */
const TEX_CACHE_BYTES = 256 * MI;
const RAW_FRAMES_BYTES = 64 * MI;

/** What a container keeps in its data directory at most, by what it runs (docs/operations.md, "Retention"). */
function dataDirNeeds(config: Config, pools: readonly string[]): number {
  const media = pools.includes('media')
    ? config.worker.mediaConcurrency * (config.media.maxDownloadBytes + RAW_FRAMES_BYTES) + TEX_CACHE_BYTES
    : 0;
  return config.worker.frameCacheBytes + media;
}

/** Whether a NetworkPolicy limiting egress selects pods with these labels. */
function egressLimited(policies: K8sObject[], labels: Record<string, string>): boolean {
  return policies.some((p) => {
    const spec = p.spec as { podSelector?: { matchLabels?: Record<string, string> }; policyTypes?: string[] };
    const wanted = spec.podSelector?.matchLabels ?? {};
    return (spec.policyTypes ?? []).includes('Egress') && Object.entries(wanted).every(([k, v]) => labels[k] === v);
  });
}

/**
 * The secure defaults of one pod: its egress limited by a NetworkPolicy (the media pods run untrusted scene code),
 * a read-only root file system, each emptyDir and the container's ephemeral storage bounded, the data directory
 * on such a volume with room for what the process keeps there, the image pinned.
 */
function hardening(
  object: K8sObject,
  pod: PodSpec,
  container: Container,
  config: Config | null,
  pools: readonly string[],
  policies: K8sObject[],
): string[] {
  const problems: string[] = [];
  if (!egressLimited(policies, podLabelsOf(object))) problems.push('no NetworkPolicy limits its egress (networkPolicy.enabled)');
  if (container.securityContext?.readOnlyRootFilesystem !== true)
    problems.push('its root file system is writable: set readOnlyRootFilesystem: true');
  if (!pinnedImage(container.image ?? '')) problems.push(`image ${container.image ?? '(none)'} is not pinned to a tag or a digest`);
  const emptyDirs = (pod.volumes ?? []).filter((v) => v.emptyDir);
  for (const v of emptyDirs.filter((v) => !(bytesOf(v.emptyDir?.sizeLimit) > 0))) problems.push(`emptyDir ${v.name} has no sizeLimit`);
  const scratch = emptyDirs.reduce((sum, v) => sum + (bytesOf(v.emptyDir?.sizeLimit) || 0), 0);
  const limit = bytesOf(container.resources?.limits?.['ephemeral-storage']);
  if (!(limit > 0)) problems.push('no ephemeral-storage limit');
  else if (limit < scratch) problems.push(`ephemeral-storage limit ${mib(limit)} is below its emptyDir volumes' ${mib(scratch)}`);
  if (config && (container.args?.[0] === 'worker' || container.args?.[0] === 'serve')) {
    const mount = container.volumeMounts?.find((m) => config.dataDir === m.mountPath || config.dataDir.startsWith(`${m.mountPath}/`));
    const volume = pod.volumes?.find((v) => v.name === mount?.name && v.emptyDir);
    const needs = dataDirNeeds(config, pools);
    if (!volume) problems.push(`its data directory ${config.dataDir} is on no emptyDir volume (the root file system is read-only)`);
    else if (bytesOf(volume.emptyDir?.sizeLimit) < needs)
      problems.push(`its data directory's volume (${volume.emptyDir?.sizeLimit}) is smaller than what it keeps there, ${mib(needs)}`);
  }
  return problems;
}

/** What a file of a mounted Secret (a certificate, a key) holds, as far as the loader looks. */
const PEM_PLACEHOLDER = ['CERTIFICATE', 'PRIVATE KEY']
  .map((what) => `-----BEGIN ${what}-----\nplaceholder\n-----END ${what}-----\n`)
  .join('');

/**
 * The rendered environment as the process would see it, for the config loader: values from Secrets
 * stand in as valid placeholders, and paths into a mounted Secret as placeholder files under `files`.
 */
function environmentOf(container: Container, pod: PodSpec, files: string): Record<string, string> {
  const placeholder = (name: string) =>
    name === 'DATABASE_URL' ? 'postgres://evals:from-a-secret@postgresql:5432/evals' : `from-a-secret-${name.toLowerCase()}`;
  const secretFile = (value: string) => {
    const mount = container.volumeMounts?.find((m) => value.startsWith(`${m.mountPath}/`));
    if (!mount || !pod.volumes?.find((v) => v.name === mount.name)?.secret) return value;
    const file = path.join(files, value);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, PEM_PLACEHOLDER);
    return file;
  };
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value === undefined ? placeholder(e.name) : secretFile(e.value)]));
}

/** The cross-checks of one rendered profile: problems, and notes of what was checked. */
function crossCheck(objects: K8sObject[], scratch: string): { problems: string[]; notes: string[] } {
  const problems: string[] = [];
  const variables = new Set<string>();
  const grace: string[] = [];
  const workers = new Map<string, { pools: string[]; env: Record<string, string> }>();

  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  let hardened = 0;
  for (const object of objects) {
    const pod = podSpecOf(object);
    if (!pod) continue;
    for (const container of pod.containers) {
      const where = `${object.kind} ${object.metadata.name}, container ${container.name}`;
      const names = (container.env ?? []).map((e) => e.name);
      const twice = names.filter((n, i) => names.indexOf(n) !== i);
      if (twice.length) problems.push(`${where}: sets ${twice.join(', ')} more than once`);
      for (const name of names) {
        variables.add(name);
        if (!CONFIG_VARIABLES.includes(name)) problems.push(`${where}: sets ${name}, which src/config/ does not read`);
      }
      const env = environmentOf(container, pod, path.join(scratch, object.metadata.name, container.name));
      const command = container.args?.[0];
      const pools = command === 'worker' ? (container.args?.[container.args.indexOf('--pools') + 1]?.split(',') ?? []) : [];
      if (command === 'worker') workers.set(object.metadata.name, { pools, env });
      let config: Config;
      try {
        config = loadConfig(env);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        problems.push(`${where}: ${err.message}`);
        problems.push(...hardening(object, pod, container, null, pools, policies).map((p) => `${where}: ${p}`));
        continue;
      }
      const unhardened = hardening(object, pod, container, config, command === 'serve' ? [] : pools, policies);
      problems.push(...unhardened.map((p) => `${where}: ${p}`));
      if (unhardened.length === 0) hardened++;
      const port = (p: Probe | undefined) => {
        const ref = p?.httpGet?.port;
        return typeof ref === 'number' ? ref : container.ports?.find((c) => c.name === ref)?.containerPort;
      };
      const expectProbes = (expected: { liveness: string; readiness: string }, listening: number | undefined, host: string) => {
        for (const [kind, probe] of [
          ['liveness', container.livenessProbe],
          ['readiness', container.readinessProbe],
        ] as const) {
          if (probe?.httpGet?.path !== expected[kind])
            problems.push(`${where}: ${kind} probe on ${probe?.httpGet?.path ?? 'nothing'}, the process serves ${expected[kind]}`);
          else if (port(probe) !== listening)
            problems.push(
              `${where}: ${kind} probe on port ${port(probe) ?? probe.httpGet.port}, the process listens on ${listening ?? 'no port'}`,
            );
        }
        if (host !== '0.0.0.0') problems.push(`${where}: listens on ${host}, unreachable by the kubelet's probes (set 0.0.0.0)`);
      };

      if (command === 'worker') {
        if (!container.args?.includes('--pools') || pools.some((p) => !isPool(p)))
          problems.push(`${where}: --pools must list ${POOLS.join(', ')}`);
        const seconds = config.worker.shutdownGraceSeconds;
        if (!(typeof pod.terminationGracePeriodSeconds === 'number' && pod.terminationGracePeriodSeconds > seconds)) {
          problems.push(
            `${where}: terminationGracePeriodSeconds (${pod.terminationGracePeriodSeconds ?? 'unset: 30'}) must exceed EVALS_SHUTDOWN_GRACE_SECONDS (${seconds}), or a drain ends in SIGKILL`,
          );
        } else grace.push(`${object.metadata.name} ${pod.terminationGracePeriodSeconds} > ${seconds}`);
        expectProbes(PROBES.worker, config.worker.metricsPort, config.worker.metricsHost);
        if (pools.includes('media')) {
          if (config.scene.sandbox !== 'bwrap') problems.push(`${where}: EVALS_SCENE_SANDBOX must stay bwrap`);
          const userns =
            pod.hostUsers === false &&
            container.securityContext?.procMount === 'Unmasked' &&
            container.securityContext.seccompProfile?.type !== 'RuntimeDefault';
          if (!userns && !pod.runtimeClassName) {
            problems.push(
              `${where}: the media pool runs bubblewrap: needs hostUsers: false, procMount: Unmasked and a seccomp profile that allows unshare and mount, or a runtimeClassName (gVisor)`,
            );
          }
        }
      } else if (command === 'serve') {
        expectProbes(PROBES.serve, config.api.port, config.api.host);
      }
    }
  }

  for (const object of objects.filter((o) => o.kind === 'ScaledObject')) {
    const spec = object.spec as { scaleTargetRef: { name: string }; minReplicaCount?: number; triggers: Trigger[] };
    const where = `ScaledObject ${object.metadata.name}`;
    const target = workers.get(spec.scaleTargetRef.name);
    if (!target) {
      problems.push(`${where}: scales ${spec.scaleTargetRef.name}, which is no worker Deployment of the chart`);
      continue;
    }
    if (!((spec.minReplicaCount ?? 0) >= 1))
      problems.push(`${where}: minReplicaCount must be at least 1 (pinned runs and timers need a poller)`);
    const base = target.env.TEMPORAL_TASK_QUEUE ?? 'eval-pipeline';
    const expected = target.pools.filter(isPool).map((p) => ({ taskQueue: poolTaskQueue(base, p), queueTypes: QUEUE_TYPE[p] }));
    const actual = spec.triggers
      .filter((t) => t.type === 'temporal')
      .map((t) => ({ taskQueue: t.metadata.taskQueue, queueTypes: t.metadata.queueTypes }));
    const key = (q: { taskQueue: string; queueTypes: string }) => `${q.taskQueue} (${q.queueTypes})`;
    if (JSON.stringify(actual.map(key).sort()) !== JSON.stringify(expected.map(key).sort())) {
      problems.push(`${where}: watches ${actual.map(key).join(', ') || 'nothing'}, its pools poll ${expected.map(key).join(', ')}`);
    }
    for (const trigger of spec.triggers) {
      const m = trigger.metadata;
      const same = {
        endpoint: target.env.TEMPORAL_ADDRESS,
        namespace: target.env.TEMPORAL_NAMESPACE ?? 'default',
        workerDeploymentName: target.env.EVALS_DEPLOYMENT_NAME,
        workerDeploymentBuildId: target.env.EVALS_BUILD_ID,
      };
      for (const [field, value] of Object.entries(same))
        if (m[field] !== value) problems.push(`${where}: trigger ${field} ${m[field] ?? 'unset'}, the workers use ${value ?? 'none'}`);
      if (!m.targetQueueSize) problems.push(`${where}: trigger without targetQueueSize`);
    }
  }

  const notes = [
    `${variables.size} variables set, all read by src/config/; each container's environment loads`,
    `${hardened} containers: egress limited by a NetworkPolicy, root file system read-only, emptyDir and ephemeral storage bounded, data directory sized, image pinned`,
    `grace: ${grace.join(', ') || 'no workers'}`,
    `probes: workers ${PROBES.worker.liveness} and ${PROBES.worker.readiness} on the metrics port, serve ${PROBES.serve.liveness}; ScaledObjects match their pools' task queues`,
  ];
  return { problems, notes };
}

interface ComposeService {
  ports?: (string | number | { host_ip?: string; published?: string | number })[];
  environment?: Record<string, string | number | null> | string[];
}

/** A variable compose must be given (`${EVALS_DB_PASSWORD:?…}`): no default to fall back on. */
const REQUIRED_VARIABLE = /^\$\{\w+:\?[^}]*\}$/;
const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]']);

/**
 * The compose file's defaults: every published port bound to loopback (the Temporal frontend and the metrics have no
 * authentication), and every password required from the environment rather than defaulted.
 */
function checkCompose(file: string): { problems: string[]; services: number } {
  const compose = parse(fs.readFileSync(file, 'utf8')) as { services: Record<string, ComposeService> };
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services ?? {})) {
    for (const port of service.ports ?? []) {
      const host = typeof port === 'object' ? port.host_ip : String(port).split(':').length === 3 ? String(port).split(':')[0] : undefined;
      if (!host || !LOOPBACK.has(host))
        problems.push(
          `${name}: publishes ${typeof port === 'object' ? JSON.stringify(port) : port} on every interface (bind it to 127.0.0.1)`,
        );
    }
    const environment = Array.isArray(service.environment)
      ? Object.fromEntries(service.environment.map((e) => [e.split('=')[0], e.slice(e.indexOf('=') + 1)]))
      : (service.environment ?? {});
    for (const [key, raw] of Object.entries(environment)) {
      const value = String(raw ?? '');
      const defaulted = [...value.matchAll(/\$\{(\w+):?-([^}]+)\}/g)].filter(([, variable]) => /PASSWORD|PWD|SECRET/.test(variable));
      for (const [whole] of defaulted)
        problems.push(`${name}: ${key} falls back to a default password (${whole}): require it with \${…:?…}`);
      if (/PASSWORD|PWD/.test(key) && !REQUIRED_VARIABLE.test(value))
        problems.push(`${name}: ${key} is not a required variable (\${NAME:?why})`);
      const userinfo = /^\w+:\/\/[^/:@]+:(.+)@/.exec(value);
      if (userinfo && !REQUIRED_VARIABLE.test(userinfo[1]))
        problems.push(`${name}: ${key} holds a password that is not a required variable`);
    }
  }
  return { problems, services: Object.keys(compose.services ?? {}).length };
}

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
