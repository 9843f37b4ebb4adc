/**
 * `npm run lint` (after Biome) and `npm run format`: the scene inspector's Python (scene-inspector/) checked, or
 * written, by ruff, configured in scene-inspector/pyproject.toml. Ruff is pinned and installs on first use from PyPI
 * into .tools/ruff-<version>/ (python3 and pip needed), as check:deploy's tools do.
 *
 *   lint-python           ruff check and ruff format --check: exit 1 on any finding
 *   lint-python --write   ruff check --fix, then ruff format
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';
import { pipInstallInto } from '../src/infra/executables';

const RUFF_VERSION = '0.17.5';
const TARGET = path.join(PROJECT_ROOT, '.tools', `ruff-${RUFF_VERSION}`);
const RUFF = path.join(TARGET, 'bin', 'ruff');
const PYTHON_DIR = path.join(PROJECT_ROOT, 'scene-inspector');

function ensureRuff(): string {
  if (fs.existsSync(RUFF)) return RUFF;
  console.error(`installing ruff ${RUFF_VERSION} into ${path.relative(process.cwd(), TARGET)} (pip)`);
  const result = spawnSync('python3', pipInstallInto(TARGET, `ruff==${RUFF_VERSION}`), { encoding: 'utf8' });
  if (result.status !== 0 || !fs.existsSync(RUFF)) {
    // A half-written target would be taken for an installed ruff next time.
    fs.rmSync(TARGET, { recursive: true, force: true });
    throw new Error(`pip install ruff==${RUFF_VERSION} failed:\n${result.stderr ?? result.error?.message}`);
  }
  return RUFF;
}

function ruff(args: readonly string[]): number {
  const result = spawnSync(ensureRuff(), args, { cwd: PYTHON_DIR, stdio: 'inherit' });
  return result.status ?? 1;
}

const write = process.argv.includes('--write');
const steps = write
  ? [
      ['check', '--fix', '.'],
      ['format', '.'],
    ]
  : [
      ['check', '.'],
      ['format', '--check', '.'],
    ];
// Every step runs, so one run names both the lint findings and the files left unformatted.
const failed = steps.map(ruff).some((status) => status !== 0);
process.exit(failed ? 1 : 0);
