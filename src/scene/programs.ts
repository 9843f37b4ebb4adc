import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, type SceneSettings } from '../config';
import {
  runSandboxed,
  type SandboxOptions,
  sandboxProblem,
  startSandboxSession,
  type SandboxRun,
  type SandboxSession,
} from '../infra/sandbox';

/**
 * The scene sandbox: how every program of scene-inspector/ (inspecting a scene,
 * rendering it, compiling its TeX) runs on a fragment's untrusted source, with
 * the same read-only paths, checks and limits (docs/scene-inspection.md).
 */

/** The scene programs (scene-inspector/). */
export const SCENE_PROGRAMS = path.join(PROJECT_ROOT, 'scene-inspector');

const problems = new Map<string, string | null>();

/** `python -I <program>` as the scene sandbox runs it, or why it cannot run here (in an operator's words). */
function sceneCommand(
  program: string,
  settings: SceneSettings,
): { python: string; args: string[]; sandbox: Pick<SandboxOptions, 'mode' | 'readOnly'> } | { refused: string } {
  const sandbox = sceneSandbox(settings);
  if ('refused' in sandbox) return sandbox;
  return {
    python: settings.python,
    args: ['-I', path.join(SCENE_PROGRAMS, program)],
    sandbox: { mode: settings.sandbox, readOnly: sandbox.readOnly },
  };
}

/** Runs a scene program on `input` in the scene sandbox; refused when Manim or the sandbox is missing. */
export async function runSceneProgram(
  program: string,
  input: string,
  settings: SceneSettings,
  cancel?: AbortSignal,
): Promise<SandboxRun | { refused: string }> {
  const command = sceneCommand(program, settings);
  if ('refused' in command) return command;
  return runSandboxed(command.python, command.args, { ...command.sandbox, input, limits: settings.limits, cancel });
}

/**
 * Starts a scene program in the scene sandbox as a session spoken to in lines
 * (the repair's warm re-inspection), under `limits`; refused as above.
 */
export function startSceneSession(
  program: string,
  settings: SceneSettings,
  limits: SceneSettings['limits'],
  cancel?: AbortSignal,
): SandboxSession | { refused: string } {
  const command = sceneCommand(program, settings);
  if ('refused' in command) return command;
  return startSandboxSession(command.python, command.args, { ...command.sandbox, limits, cancel });
}

/** What a scene program may read, or why none can run here. */
function sceneSandbox(settings: SceneSettings): { readOnly: string[] } | { refused: string } {
  if (!fs.existsSync(settings.python)) {
    return {
      refused: `Manim is not installed (no ${path.relative(process.cwd(), settings.python) || settings.python}; run \`npx evals setup --manim\`, or set EVALS_MANIM_PYTHON)`,
    };
  }
  const readOnly = readOnlyPaths(settings);
  const key = `${settings.sandbox}:${readOnly.join(':')}`;
  if (!problems.has(key)) problems.set(key, sandboxProblem(settings.sandbox, readOnly));
  const problem = problems.get(key);
  if (problem) {
    return {
      refused:
        settings.sandbox === 'bwrap'
          ? `no sandbox for untrusted scene code (${problem}); EVALS_SCENE_SANDBOX=unsandboxed runs it without one`
          : problem,
    };
  }
  return { readOnly };
}

/** Why the sandbox stopped a scene program, as a phrase after "the scene". */
export function stoppedReason(stopped: NonNullable<SandboxRun['stopped']>, limits: SceneSettings['limits']): string {
  const limit = {
    time: `ran past its ${limits.wallMs / 1000} s limit`,
    cpu: `used more than its ${limits.cpuSeconds} s of CPU`,
    memory: `used more than its ${limits.memoryBytes >> 20} MB of memory`,
    processes: `reached its limit of ${limits.processes} processes`,
    output: `wrote more than ${limits.outputBytes >> 20} MB of output`,
  };
  return limit[stopped];
}

/** The last line a scene program wrote to stderr: its failure, when it failed. */
export function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.slice(0, 300) ?? '';
}

/**
 * The TeX cache the scenes of these settings read, or null: their user's own
 * directory of it (a scene sees the formulas its user's scenes compiled, never
 * another user's; no user, no cache), only inside bubblewrap, where it is bound
 * read-only (unsandboxed, scene code could write it), and only where the
 * sandbox's user can reach it (a root worker runs scenes as a uid of their own).
 */
export function sceneTexCache(settings: SceneSettings): string | null {
  if (settings.sandbox !== 'bwrap' || settings.texCacheUser === null) return null;
  const dir = path.join(settings.texCache, 'users', userKey(settings.texCacheUser));
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    return process.getuid?.() !== 0 || reachableByOthers(dir) ? dir : null;
  } catch {
    return null;
  }
}

/** A user's directory name in the TeX cache: any id as a plain name. */
const userKey = (userId: string) => crypto.createHash('sha256').update(`tex-cache-user:${userId}`, 'utf8').digest('hex').slice(0, 32);

function reachableByOthers(dir: string): boolean {
  let current = fs.realpathSync(dir);
  if ((fs.statSync(current).mode & 0o005) !== 0o005) return false;
  while (current !== path.dirname(current)) {
    current = path.dirname(current);
    if ((fs.statSync(current).mode & 0o001) === 0) return false;
  }
  return true;
}

/** What the sandbox lets a scene program read: the programs, the Python environment, the interpreter it points to, the TeX cache. */
function readOnlyPaths(settings: SceneSettings): string[] {
  const venv = path.dirname(path.dirname(settings.python));
  const paths = [SCENE_PROGRAMS, venv];
  try {
    const interpreter = fs.realpathSync(settings.python);
    const prefix = path.dirname(path.dirname(interpreter));
    if (!prefix.startsWith('/usr/') && prefix !== '/usr' && !prefix.startsWith(venv)) paths.push(prefix);
  } catch {
    // a dangling link: the probe will say so
  }
  const texCache = sceneTexCache(settings);
  if (texCache) paths.push(texCache);
  return paths;
}
