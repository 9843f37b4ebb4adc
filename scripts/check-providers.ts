/**
 * The provider checklist (src/providers/README.md) checked for every provider registered in
 * src/config/judge.ts: the steps the compiler cannot see. test/unit/provider-checklist.test.ts runs it
 * in the suite; by hand, `npx tsx scripts/check-providers.ts` prints each missing step (exit status 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT, SECRET_VARIABLES } from '../src/config';
import { PROVIDERS } from '../src/config/judge';

/** The files the checklist reads; a test substitutes one to plant a gap. */
export interface ProjectFiles {
  /** A file's text, or null when there is none. */
  read(file: string): string | null;
  /** The names in a folder. */
  list(dir: string): string[];
}

export const PROJECT_FILES: ProjectFiles = {
  read: (file) => (fs.existsSync(path.join(PROJECT_ROOT, file)) ? fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8') : null),
  list: (dir) => fs.readdirSync(path.join(PROJECT_ROOT, dir)),
};

const CHART = 'deploy/helm/eval-pipeline-worker';
const NODE_BUILTINS = new Set(require('node:module').builtinModules as string[]);

/** A value at a dotted path of a parsed YAML or JSON document, or undefined. */
function at(root: unknown, keys: readonly string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

/** The packages a provider's files import (not relative, not Node's own), by the package's name. */
function packagesOf(sources: readonly string[]): Set<string> {
  const specifiers = sources.flatMap((text) => [...text.matchAll(/(?:from |require\(|import\()'([^'.][^']*)'/g)].map((m) => m[1]));
  return new Set(
    specifiers
      .filter((s) => !s.startsWith('node:') && !NODE_BUILTINS.has(s))
      .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2) : s.split('/').slice(0, 1)).join('/')),
  );
}

/**
 * Where the chart sets a variable: the `.Values` path it reads, and whether from a Secret
 * (`evals.secretEnv`) or as a plain value (`- name: VAR` under a `with` or with a `value:`).
 */
function helmSource(templates: string, variable: string): { values: string[]; secret: boolean } | null {
  const secret = new RegExp(`include "evals.secretEnv" \\(dict "name" "${variable}" "secret" \\.Values\\.([\\w.]+)\\)`).exec(templates);
  if (secret) return { values: secret[1].split('.'), secret: true };
  const plain =
    new RegExp(`\\.Values\\.([\\w.]+) \\}\\}\\s*\\n- name: ${variable}\\n`).exec(templates) ??
    new RegExp(`- name: ${variable}\\n\\s+value: \\{\\{[^}]*\\.Values\\.([\\w.]+)`).exec(templates);
  return plain ? { values: plain[1].split('.'), secret: false } : null;
}

/** The steps one provider misses, each naming the file to change. */
function providerGapsOf(
  name: string,
  variables: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>,
  files: ProjectFiles,
): string[] {
  const gaps: string[] = [];
  const missing = (step: string) => gaps.push(`${name}: ${step}`);
  const text = (file: string) => files.read(file) ?? '';

  // 1. The implementation, named as EVALS_PROVIDER names it.
  const sources = files
    .list('src/providers')
    .filter((f) => f === `${name}.ts` || f.startsWith(`${name}-`))
    .map((f) => text(`src/providers/${f}`));
  const implementation = files.read(`src/providers/${name}.ts`);
  if (implementation === null) missing(`src/providers/${name}.ts does not exist (step 1)`);
  else if (!implementation.includes(`readonly name = '${name}'`))
    missing(`src/providers/${name}.ts: its provider's name is not '${name}' (step 1)`);

  // 3. Its variables documented, and the provider named where EVALS_PROVIDER is.
  const configuration = text('docs/configuration.md');
  for (const variable of Object.keys(variables))
    if (!configuration.includes(`\`${variable}\``)) missing(`docs/configuration.md has no row for ${variable} (step 3)`);
  const providerRow = configuration.split('\n').find((line) => line.startsWith('| `EVALS_PROVIDER`')) ?? '';
  if (!providerRow.includes(`\`${name}\``)) missing(`docs/configuration.md: the EVALS_PROVIDER row does not name \`${name}\` (step 3)`);

  // 4. Every variable without a default (the endpoint, the key) settable in both deployments; secrets from secrets.
  const deployed = Object.entries(variables).filter(([, rule]) => {
    const unset = rule.safeParse(undefined);
    return unset.success && unset.data === undefined;
  });
  const worker = at(parse(text('docker-compose.yml')), ['services', 'worker', 'environment']) as Record<string, unknown> | undefined;
  const templates = files
    .list(`${CHART}/templates`)
    .map((f) => text(`${CHART}/templates/${f}`))
    .join('\n');
  const values = parse(text(`${CHART}/values.yaml`));
  const schema = JSON.parse(files.read(`${CHART}/values.schema.json`) ?? '{}');
  for (const [variable] of deployed) {
    const isSecret = SECRET_VARIABLES.includes(variable);
    const composed = worker?.[variable];
    if (composed === undefined) missing(`docker-compose.yml: the worker's environment does not pass ${variable} (step 4)`);
    else if (composed !== `\${${variable}:-}`)
      missing(`docker-compose.yml: ${variable} must come from the shell as \${${variable}:-}, with no default (step 4)`);
    const helm = helmSource(templates, variable);
    if (!helm) {
      missing(`${CHART}/templates: no template sets ${variable} (step 4)`);
      continue;
    }
    if (isSecret && !helm.secret) missing(`${CHART}/templates: the secret ${variable} must come from a Secret (evals.secretEnv) (step 4)`);
    if (at(values, helm.values) === undefined) missing(`${CHART}/values.yaml has no ${helm.values.join('.')} for ${variable} (step 4)`);
    const described = at(
      schema,
      helm.values.flatMap((key) => ['properties', key]),
    );
    if (described === undefined) missing(`${CHART}/values.schema.json does not describe ${helm.values.join('.')} for ${variable} (step 4)`);
  }

  // 5. A provider that reports usage states its pricing.
  if (sources.some((s) => /\busage\b/.test(s)) && !sources.some((s) => /readonly pricing\b/.test(s)))
    missing(`src/providers/${name}.ts reports usage but states no pricing (readonly pricing, src/providers/pricing.ts) (step 5)`);

  // 6. Its SDK pinned in package.json, its install scripts allowed or refused by name.
  const manifest = JSON.parse(text('package.json'));
  const sdks = packagesOf(sources);
  for (const pkg of sdks) {
    const version: string | undefined = manifest.dependencies?.[pkg];
    if (version === undefined) missing(`package.json: ${pkg} is not a dependency (step 6)`);
    else if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version))
      missing(`package.json: ${pkg} is not pinned to an exact version (${version}) (step 6)`);
    const installed = files.read(`node_modules/${pkg}/package.json`);
    const scripts = installed ? (JSON.parse(installed).scripts ?? {}) : {};
    const runsScripts = ['preinstall', 'install', 'postinstall'].some((s) => s in scripts);
    if (runsScripts && !(pkg in (manifest.allowScripts ?? {})))
      missing(`package.json: ${pkg} has install scripts; allowScripts must name it (step 6)`);
  }

  // 7. A loopback fake of its endpoint (a provider with an SDK talks to one) and a test through a pipeline run.
  if (sdks.size > 0 && files.read(`testkit/fake-${name}.ts`) === null) missing(`testkit/fake-${name}.ts does not exist (step 7)`);
  if (!files.list('test/integration').some((f) => f.startsWith(`${name}-judge`) && f.endsWith('.test.ts')))
    missing(`test/integration/${name}-judge*.test.ts does not exist (step 7)`);
  return gaps;
}

/** Every step a registered provider misses; empty when the checklist holds. */
export function providerGaps(files: ProjectFiles = PROJECT_FILES): string[] {
  return Object.entries(PROVIDERS).flatMap(([name, { variables }]) => providerGapsOf(name, variables, files));
}

if (require.main === module) {
  const gaps = providerGaps();
  for (const gap of gaps) console.log(gap);
  console.log(
    gaps.length === 0
      ? `every provider follows the checklist (${Object.keys(PROVIDERS).join(', ')})`
      : `${gaps.length} missing step(s): src/providers/README.md`,
  );
  process.exit(gaps.length === 0 ? 0 : 1);
}
