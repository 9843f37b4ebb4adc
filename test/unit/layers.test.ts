import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config';

/** The layer order, lowest first, as docs/architecture.md lists it between its `layers` markers. */
function layers(): { name: string; paths: string[] }[] {
  const doc = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');
  const block = /<!-- layers -->\n([\s\S]*?)<!-- \/layers -->/.exec(doc)?.[1] ?? '';
  return block
    .trim()
    .split('\n')
    .map((line) => {
      const m = /^\d+\. ([^:]+): (.+)$/.exec(line.trim());
      if (!m) throw new Error(`unreadable layer line: ${line}`);
      return { name: m[1], paths: [...m[2].matchAll(/`([^`]+)`/g)].map((p) => p[1]) };
    });
}

const LAYERS = layers();

/** The layer of a repository path: the longest listed path that is the file or a folder holding it. */
function layerOf(file: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, i) =>
    layer.paths.forEach((p) => {
      const matches = p.endsWith('/') ? file.startsWith(p) : file === p;
      if (matches && p.length > bestLength) [best, bestLength] = [i, p.length];
    }),
  );
  return best;
}

const SOURCES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts'], {
  cwd: PROJECT_ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.endsWith('.d.ts') && fs.existsSync(path.join(PROJECT_ROOT, f)));

/** Relative module specifiers of every import, export-from, dynamic import and require, type-only ones included. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((m) => m[1]);
}

function resolve(from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, base])
    if (fs.existsSync(path.join(PROJECT_ROOT, candidate)) && candidate.endsWith('.ts')) return candidate;
  return null;
}

describe('layers (docs/architecture.md)', () => {
  it('are listed, and every TypeScript file of the repository belongs to one', () => {
    expect(LAYERS.map((l) => l.name)).toEqual([
      'domain',
      'platform',
      'fragments',
      'media',
      'analyzers',
      'kinds',
      'scene',
      'providers',
      'store',
      'read model',
      'report',
      'read API',
      'calibration',
      'activities',
      'workflows',
      'entry points',
      'tooling',
    ]);
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(SOURCES.filter((f) => f !== 'vitest.config.ts' && layerOf(f) < 0)).toEqual([]);
  });

  it('are only ever imported downward: no module imports from a layer below it', () => {
    const upward: string[] = [];
    for (const file of SOURCES) {
      const from = layerOf(file);
      if (from < 0) continue;
      for (const specifier of importsOf(file)) {
        const target = resolve(file, specifier);
        if (target === null) continue;
        const to = layerOf(target);
        if (to > from) upward.push(`${file} (${LAYERS[from].name}) imports ${target} (${LAYERS[to].name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('hold no import circle, type-only imports included: each module can be read before the ones that use it', () => {
    const graph = new Map(SOURCES.map((f) => [f, importsOf(f).flatMap((s) => resolve(f, s) ?? [])]));
    // Tarjan's strongly connected components: any of more than one module is a circle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const circles: string[][] = [];
    const visit = (v: string) => {
      index.set(v, index.size);
      low.set(v, index.get(v)!);
      stack.push(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) !== index.get(v)) return;
      const component = stack.splice(stack.indexOf(v));
      if (component.length > 1) circles.push(component.sort());
    };
    for (const file of SOURCES) if (!index.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
