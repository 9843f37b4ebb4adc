import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, MANIM_VENV } from '../config';
import { onPath } from './executables';

/** The Manim Community release the scene inspector runs (pinned: the recorded layout depends on it). */
export const MANIM_VERSION = '0.22.0';

/**
 * What checks the mathematics a scene shows, beside Manim (pinned: what is read and decided depends on them):
 * SymPy, and the ANTLR runtime its LaTeX parser needs (the version its generated parser was built with).
 */
export const CAS_PACKAGES = { sympy: '1.14.0', 'antlr4-python3-runtime': '4.11.1' } as const;
const CAS_CHECK = `import sympy, antlr4; from sympy.parsing.latex import parse_latex; parse_latex("x"); print(sympy.__version__)`;

/**
 * Debian packages Manim needs: headers to build pycairo and ManimPango, a Python
 * with venv, TeX for MathTex, a font for Text, and bubblewrap for the sandbox.
 */
export const MANIM_SYSTEM_PACKAGES = [
  'python3-venv',
  'python3-dev',
  'pkg-config',
  'libcairo2-dev',
  'libpango1.0-dev',
  'texlive-latex-extra',
  'texlive-science',
  'dvisvgm',
  'fonts-dejavu-core',
  'bubblewrap',
] as const;

/** The system Python: a sandbox running as another user can read it, unlike one under a home directory. */
const SYSTEM_PYTHON = '/usr/bin/python3';

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  // Output to stderr: stdout belongs to the command's results.
  const result = spawnSync(command, args, { stdio: ['ignore', process.stderr, 'inherit'], env });
  if (result.status !== 0)
    throw new ConfigError(`${command} ${args.slice(0, 3).join(' ')} … failed (exit ${result.status ?? result.error?.message})`);
}

function missingPackages(): string[] {
  if (!onPath('dpkg-query')) return [];
  return MANIM_SYSTEM_PACKAGES.filter((pkg) => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax
    const q = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return q.status !== 0 || !q.stdout.includes('install ok installed');
  });
}

/** Whether every directory down to `file` lets others through and the file lets them read it. */
function readableByOthers(file: string): boolean {
  let current = fs.realpathSync(file);
  if ((fs.statSync(current).mode & 0o004) === 0) return false;
  while (current !== path.dirname(current)) {
    current = path.dirname(current);
    if ((fs.statSync(current).mode & 0o001) === 0) return false;
  }
  return true;
}

function installedVersion(python: string): string | null {
  if (!fs.existsSync(python)) return null;
  const r = spawnSync(python, ['-c', 'import manim; print(manim.__version__)'], { encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * Installs Manim (pinned) for the scene inspector: the Debian packages it needs
 * (installed when run as root on Debian, as Playwright's --with-deps does;
 * named otherwise), then a virtual environment in `.tools/manim-venv` on the
 * system Python. Resolves with the environment's python; does nothing when the
 * pinned version is already there.
 */
export function ensureManim(log: (line: string) => void): string {
  const python = path.join(MANIM_VENV, 'bin', 'python');
  if (installedVersion(python) === MANIM_VERSION && readableByOthers(python)) {
    ensureCas(python, log);
    return python;
  }

  const missing = missingPackages();
  if (missing.length > 0) {
    if (process.getuid?.() === 0 && onPath('apt-get')) {
      log(`installing Debian packages for Manim: ${missing.join(' ')}`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      run('apt-get', ['update', '-qq'], env);
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], env);
    } else {
      throw new ConfigError(
        `Manim needs these system packages: ${missing.join(' ')}. Install them (as root: apt-get install -y ${missing.join(' ')}), then run npx evals setup --manim again.`,
      );
    }
  }
  const base = fs.existsSync(SYSTEM_PYTHON) ? SYSTEM_PYTHON : 'python3';
  log(
    `installing Manim Community ${MANIM_VERSION} into ${path.relative(process.cwd(), MANIM_VENV) || MANIM_VENV} (pip install manim==${MANIM_VERSION}; builds pycairo and ManimPango)`,
  );
  fs.rmSync(MANIM_VENV, { recursive: true, force: true });
  run(base, ['-m', 'venv', MANIM_VENV]);
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input', `manim==${MANIM_VERSION}`, ...casPins()]);
  const version = installedVersion(python);
  if (version !== MANIM_VERSION) throw new ConfigError(`Manim did not install (found ${version ?? 'none'}); see the pip output above`);
  ensureCas(python, log);
  return python;
}

const casPins = () => Object.entries(CAS_PACKAGES).map(([name, version]) => `${name}==${version}`);

/** SymPy and its LaTeX parser in Manim's environment (an environment made before they were added gets them). */
function ensureCas(python: string, log: (line: string) => void): void {
  const check = () => spawnSync(python, ['-c', CAS_CHECK], { encoding: 'utf8', timeout: 120_000 });
  if (check().stdout?.trim() === CAS_PACKAGES.sympy) return;
  log(
    `installing ${casPins().join(' ')} into ${path.relative(process.cwd(), MANIM_VENV) || MANIM_VENV} (the scene's mathematics is checked with them)`,
  );
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input', ...casPins()]);
  const after = check();
  if (after.stdout?.trim() !== CAS_PACKAGES.sympy)
    throw new ConfigError(`SymPy did not install (${lastLine(after.stderr) || 'no version'}); see the pip output above`);
}

const lastLine = (text: string | null | undefined) => (text ?? '').trim().split('\n').at(-1) ?? '';
