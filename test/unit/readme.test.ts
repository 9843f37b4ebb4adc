import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { program } from '../../src/cli/program';
import { CONFIG_VARIABLES, PROJECT_ROOT } from '../../src/config';
import { EVAL_KINDS } from '../../src/domain/types';

describe('configuration table (docs/configuration.md)', () => {
  const table = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'configuration.md'), 'utf8');
  const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+(?:<KIND>)?)`/g)].map((m) => m[1]));

  it('lists every variable the config loader reads', () => {
    const perKind = new Set(EVAL_KINDS.map((k) => `EVALS_MODEL_${k}`));
    const missing = CONFIG_VARIABLES.filter((v) => !documented.has(v) && !(perKind.has(v) && documented.has('EVALS_MODEL_<KIND>')));
    expect(missing).toEqual([]);
  });

  it('lists no variable the loader does not read', () => {
    const known = new Set([...CONFIG_VARIABLES, 'EVALS_MODEL_<KIND>']);
    expect([...documented].filter((v) => !known.has(v) && /^(EVALS|TEMPORAL|OPENAI|FRAGMENTS|DATABASE|FF|LOG)/.test(v))).toEqual([]);
  });
});

describe('README configuration section', () => {
  it('names only variables the config loader reads', () => {
    const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Architecture'));
    const named = [...section.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((v) => !CONFIG_VARIABLES.includes(v))).toEqual([]);
  });
});

describe('README CLI table', () => {
  const rows = fs
    .readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('| `evals '));

  it('has a row for every command, naming every option it takes', () => {
    const missing: string[] = [];
    const walk = (command: Command, prefix: string[]): void => {
      for (const sub of command.commands) {
        const name = [...prefix, sub.name()];
        const row = rows.find((r) => r.startsWith(`| \`evals ${name.join(' ')}`));
        if (!row) missing.push(`evals ${name.join(' ')}`);
        else for (const option of sub.options) if (!row.includes(option.long!)) missing.push(`evals ${name.join(' ')} ${option.long}`);
        walk(sub, name);
      }
    };
    walk(program(), []);
    expect(missing).toEqual([]);
  });
});
