import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, PROJECT_ROOT } from '../../src/config';
import { searchAttributeCommand } from '../../src/infra/temporal';
import { SEARCH_ATTRIBUTES } from '../../workflows/search-attributes';

interface Service {
  image?: string;
  build?: string;
  command?: string | string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: number | string };
  stop_grace_period?: string;
  security_opt?: string[];
  healthcheck?: { test: string[] };
}

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;

/**
 * A value as compose resolves it with nothing set in the shell but the required variables: `${X:-default}` becomes
 * `default`, a required `${X:?why}` the placeholder `given-X`.
 */
const resolved = (value: string | number | undefined) =>
  String(value ?? '')
    .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
    .replace(/\$\{(\w+):\?[^}]*\}/g, 'given-$1');
const env = (service: string) => Object.fromEntries(Object.entries(services[service].environment ?? {}).map(([k, v]) => [k, resolved(v)]));
const dependsOn = (service: string) => services[service].depends_on as Record<string, { condition: string }>;
/** The host side of a `source:target[:mode]` bind mount onto `target`. */
const mountOf = (service: string, target: string) => services[service].volumes?.find((v) => v.split(':')[1] === target)?.split(':')[0];
const seconds = (duration: string) => {
  const m = /^(\d+)(s|m)$/.exec(duration);
  if (!m) throw new Error(`unexpected duration ${duration}`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
};

describe('docker-compose.yml', () => {
  it('runs Temporal on its own PostgreSQL, with schemas set up first and the UI pointed at it', () => {
    expect(services.temporal.image).toMatch(/^temporalio\/server:/);
    const temporal = env('temporal');
    expect(temporal.DB).toBe('postgres12');
    expect(services[temporal.POSTGRES_SEEDS].image).toMatch(/^postgres:/);
    expect(env(temporal.POSTGRES_SEEDS).POSTGRES_PASSWORD).toBe(temporal.POSTGRES_PWD);
    expect(dependsOn('temporal')['temporal-setup'].condition).toBe('service_completed_successfully');
    expect(read(mountOf('temporal-setup', '/deploy')!.replace(/^\.\//, '') + '/setup.sh')).toContain(`--ep ${temporal.POSTGRES_SEEDS}`);
    expect(services['temporal-ui'].image).toMatch(/^temporalio\/ui:/);
    expect(env('temporal-ui').TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(services.temporal.ports).toContain('127.0.0.1:7233:7233');
    expect(fs.existsSync(path.join(PROJECT_ROOT, mountOf('temporal', '/etc/temporal/config/dynamicconfig/evals.yaml')!))).toBe(true);
  });

  it('registers exactly the search attributes the worker checks for, with the command the worker prints', () => {
    const script = read(path.join(mountOf('temporal-register', '/deploy')!, 'register.sh'));
    const names = Object.values(SEARCH_ATTRIBUTES).map((k) => k.name);
    expect(script).toContain(searchAttributeCommand('default', names));
    expect(env('worker').TEMPORAL_NAMESPACE).toBe('default');
    expect(dependsOn('worker')['temporal-register'].condition).toBe('service_completed_successfully');
  });

  it('runs N workers wired to Temporal and the service database, with only variables the config loader knows', () => {
    const worker = env('worker');
    expect(services.worker.build).toBe('.');
    expect(Number(resolved(services.worker.deploy?.replicas))).toBeGreaterThanOrEqual(2);
    expect(Object.keys(worker).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);

    const [host, port] = worker.TEMPORAL_ADDRESS.split(':');
    expect(services[host].image).toMatch(/^temporalio\/server:/);
    expect(port).toBe('7233');
    const db = new URL(worker.DATABASE_URL);
    const database = env(db.hostname);
    expect(services[db.hostname].image).toMatch(/^postgres:/);
    expect([db.username, db.password, db.pathname.slice(1)]).toEqual([
      database.POSTGRES_USER,
      database.POSTGRES_PASSWORD,
      database.POSTGRES_DB,
    ]);
    expect(dependsOn('worker')[db.hostname].condition).toBe('service_healthy');

    // The compose environment is a valid configuration.
    const config = loadConfig(worker);
    expect(config.worker.metricsPort).toBe(9464);
    expect(config.temporal.address).toBe('temporal:7233');
    // A drain is never cut short by the container runtime's SIGKILL.
    expect(seconds(services.worker.stop_grace_period!)).toBeGreaterThan(config.worker.shutdownGraceSeconds);
  });

  it('lets the worker run bubblewrap: no seccomp or AppArmor confinement, /proc unmasked, the sandbox on', () => {
    // Docker takes `name=value` and `name:value` alike.
    const options = new Set((services.worker.security_opt ?? []).map((o) => o.replace(':', '=')));
    for (const option of ['seccomp=unconfined', 'apparmor=unconfined', 'systempaths=unconfined']) expect(options).toContain(option);
    expect(loadConfig(env('worker')).scene.sandbox).toBe('bwrap');
  });

  it('serves the read API from the same image and database, on a published port, checked on its health route', () => {
    const serve = env('serve');
    expect(services.serve.build).toBe('.');
    expect(services.serve.image).toBe(services.worker.image);
    expect(services.serve.command).toEqual(['serve']);
    expect(Object.keys(serve).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    const config = loadConfig(serve);
    expect(config.database.url).toBe(env('worker').DATABASE_URL);
    // Reachable from outside its container, on the port compose publishes.
    expect(config.api.host).toBe('0.0.0.0');
    expect(services.serve.ports?.map((p) => p.split(':').pop())).toEqual([String(config.api.port)]);
    expect(services.serve.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${config.api.port}/healthz`);
    // The workers migrate the database before it is read.
    expect(dependsOn('serve').worker.condition).toBe('service_healthy');
  });

  it('publishes nothing beyond loopback, and takes every password from the environment, with no default', () => {
    for (const [name, service] of Object.entries(services))
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    expect(env('temporal-postgresql').POSTGRES_PASSWORD).toBe('given-TEMPORAL_DB_PASSWORD');
    expect(env('evals-postgresql').POSTGRES_PASSWORD).toBe('given-EVALS_DB_PASSWORD');
    expect(read('docker-compose.yml')).not.toMatch(/PASSWORD:-|evals-local-password|PASSWORD: temporal|PWD: temporal/);
  });

  it('has Prometheus scrape every worker replica on its metrics port', () => {
    const scrape = parse(read(mountOf('prometheus', '/etc/prometheus/prometheus.yml')!)) as {
      scrape_configs: {
        job_name: string;
        dns_sd_configs?: { names: string[]; port: number }[];
        static_configs?: { targets: string[] }[];
      }[];
    };
    const workers = scrape.scrape_configs.find((j) => j.dns_sd_configs?.some((d) => d.names.includes('worker')));
    expect(workers?.dns_sd_configs?.[0].port).toBe(Number(env('worker').EVALS_METRICS_PORT));
    const server = scrape.scrape_configs.find((j) => j.job_name === 'temporal-server');
    expect(server?.static_configs?.[0].targets).toEqual([`temporal:${env('temporal').PROMETHEUS_ENDPOINT.split(':')[1]}`]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds a Node 20 worker image with ffmpeg, pointing the service at it', () => {
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/apt-get install [^\n]*\bffmpeg\b/);
    const env = Object.fromEntries([...dockerfile.matchAll(/\b(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
    expect(env.FFMPEG_PATH).toBe('/usr/bin/ffmpeg');
    expect(env.FFPROBE_PATH).toBe('/usr/bin/ffprobe');
    expect(CONFIG_VARIABLES).toContain('FFMPEG_PATH');
    expect(dockerfile).toMatch(/^CMD \["worker"\]$/m);
  });

  it('compiles the sources in a build stage and runs the compiled build without tsx', () => {
    const [build, image] = dockerfile.split(/^FROM /m).slice(1);
    expect(build).toMatch(/^node:20-bookworm-slim AS build$/m);
    for (const dir of ['bin', 'src', 'activities', 'workflows']) expect(build).toContain(`COPY ${dir} ./${dir}`);
    expect(build).toMatch(/^RUN npm run build$/m);
    // The image: the compiled build, what it reads at run time, production dependencies (tsx is a dev dependency).
    expect(image).toContain('COPY --from=build /app/dist ./dist');
    for (const dir of ['bin', 'scene-inspector']) expect(image).toContain(`COPY ${dir} ./${dir}`);
    expect(image).toMatch(/npm ci --omit=dev/);
    expect(image).not.toMatch(/tsx|COPY (src|workflows|activities) /);
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    expect(Object.keys(pkg.devDependencies)).toContain('tsx');
  });
});
