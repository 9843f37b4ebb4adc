import fs from 'node:fs';
import path from 'node:path';

export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `binary` on PATH, as a shell would find it. */
export function onPath(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** Whether a process with this pid runs on this host (EPERM: it does, as another user's). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `python3` arguments installing one pinned PyPI package, without its dependencies, into `target` (a tools dir, not a venv). */
export function pipInstallInto(target: string, requirement: string): string[] {
  return [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--root-user-action=ignore',
    '--no-deps',
    '--target',
    target,
    requirement,
  ];
}
