/** The cross-checks of a rendered chart against the worker: variables, grace, probes, scalers, and the secure defaults. */
import fs from 'node:fs';
import path from 'node:path';
import { CONFIG_VARIABLES, type Config, ConfigError, loadConfig } from '../../src/config';
import { type Pool, POOLS, poolTaskQueue } from '../../src/domain/pools';
import { PROBE_PATHS } from '../../src/metrics';

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
export interface K8sObject {
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
export function crossCheck(objects: K8sObject[], scratch: string): { problems: string[]; notes: string[] } {
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
