/** The pinned tools `npm run check:deploy` builds or installs on first use into .tools/, and the CRD schemas it vendors. */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/config';
import { pipInstallInto } from '../../src/infra/executables';

export const HELM_VERSION = '3.21.4';
/**
 * The Kubernetes version helm assumes without --kube-version: the one its release binaries are built with (its
 * Makefile: one more than the major and the minor of its k8s.io/client-go, v0.36). Built from source without it, helm
 * assumes 1.20, and a plain `helm template` of this chart (kubeVersion >=1.30) fails.
 */
export const HELM_DEFAULT_KUBERNETES = { major: '1', minor: '36' };
export const KUBECONFORM_VERSION = '0.8.0';
export const KUBERNETES_VALIDATE_VERSION = '1.34.1';
/** The oldest Kubernetes the chart's media pods run on without feature gates (docs/operations.md). */
export const KUBERNETES_VERSION = '1.33.0';

const TOOLS_DIR = path.join(PROJECT_ROOT, '.tools');
export const CRD_SCHEMAS = path.join(PROJECT_ROOT, 'deploy', 'schemas');

export const say = (line: string) => console.log(line);

export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(command, args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
}

function timed(what: string, install: () => void): void {
  const started = Date.now();
  install();
  say(`  installed ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * A Go program built from its module at a pinned version (the Go module proxy) into .tools/<name>-<version>/bin
 * (with a hash of the link flags in the name when there are any, so a change of flags builds it again).
 */
export function ensureGoTool(name: string, version: string, pkg: string, ldflags = ''): string {
  const flavour = ldflags ? `-${crypto.createHash('sha256').update(ldflags).digest('hex').slice(0, 8)}` : '';
  const bin = path.join(TOOLS_DIR, `${name}-${version}${flavour}`, 'bin');
  const executable = path.join(bin, name);
  if (fs.existsSync(executable)) return executable;
  if (run('go', ['version']).status !== 0)
    throw new Error(`${name} ${version} is built with Go, which is not on PATH (apt-get install golang-go, or go.dev/dl)`);
  timed(`${name} ${version} (go install ${pkg}@v${version}, a few minutes)`, () => {
    const result = run('go', ['install', '-trimpath', `-ldflags=${ldflags}`, `${pkg}@v${version}`], {
      ...process.env,
      GOBIN: bin,
      CGO_ENABLED: '0',
    });
    if (result.status !== 0 || !fs.existsSync(executable)) throw new Error(`go install ${pkg}@v${version} failed:\n${result.stderr}`);
  });
  return executable;
}

/**
 * Kubernetes' JSON schemas for KUBERNETES_VERSION, strict variant (no unknown fields), from the PyPI
 * package kubernetes-validate, rewritten once for kubeconform: each kind's schema names its definitions
 * by an absolute https $id and path, which would send kubeconform to the network; here they refer to
 * the _definitions.json file beside them.
 */
export function ensureKubernetesSchemas(): string {
  const target = path.join(TOOLS_DIR, `kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`);
  const dir = path.join(target, 'kubeconform', `v${KUBERNETES_VERSION}-local-strict`);
  if (fs.existsSync(path.join(dir, '_definitions.json'))) return path.dirname(dir);
  const source = path.join(target, 'kubernetes_validate', 'kubernetes-json-schema', `v${KUBERNETES_VERSION}-local-strict`);
  if (!fs.existsSync(source)) {
    timed(`kubernetes-validate ${KUBERNETES_VALIDATE_VERSION}'s schemas (pip)`, () => {
      const result = run('python3', pipInstallInto(target, `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`));
      if (result.status !== 0 || !fs.existsSync(source))
        throw new Error(`pip install kubernetes-validate==${KUBERNETES_VALIDATE_VERSION} failed:\n${result.stderr}`);
    });
  }
  fs.mkdirSync(dir, { recursive: true });
  const files = fs.readdirSync(source).filter((f) => f.endsWith('.json') && f !== '_definitions.json');
  for (const file of [...files, '_definitions.json']) {
    const schema = JSON.parse(fs.readFileSync(path.join(source, file), 'utf8')) as Record<string, unknown>;
    if (file !== '_definitions.json') delete schema.$id;
    fs.writeFileSync(path.join(dir, file), JSON.stringify(schema).replaceAll('"/api/_definitions.json#', '"_definitions.json#'));
  }
  return path.dirname(dir);
}

type Schema = { [key: string]: unknown };
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A CRD's openAPIV3Schema as a strict JSON schema: objects with declared properties take no others
 * (unless the CRD preserves unknown fields), int-or-string and nullable spelled out, descriptions dropped.
 */
function strictSchema(node: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' || key === 'nullable' || key.startsWith('x-kubernetes-')) continue;
    if ((key === 'properties' || key === 'patternProperties') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, strictSchema(sub as Schema)]));
    } else if (['items', 'additionalProperties', 'not'].includes(key) && isObject(value)) out[key] = strictSchema(value);
    else if (['allOf', 'anyOf', 'oneOf'].includes(key) && Array.isArray(value)) out[key] = value.map((v) => strictSchema(v as Schema));
    else out[key] = value;
  }
  if (node['x-kubernetes-int-or-string'] && !out.anyOf) {
    delete out.type;
    out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  if (node.nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (isObject(out.properties) && out.additionalProperties === undefined && !node['x-kubernetes-preserve-unknown-fields'])
    out.additionalProperties = false;
  return out;
}

export function importCrds(files: readonly string[]): void {
  for (const file of files) {
    const crd = parse(fs.readFileSync(file, 'utf8')) as {
      spec: { group: string; names: { kind: string }; versions: { name: string; schema: { openAPIV3Schema: Schema } }[] };
    };
    for (const version of crd.spec.versions) {
      const out = path.join(CRD_SCHEMAS, crd.spec.group, `${crd.spec.names.kind.toLowerCase()}_${version.name}.json`);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(strictSchema(version.schema.openAPIV3Schema), null, 1)}\n`);
      say(`wrote ${path.relative(PROJECT_ROOT, out)}`);
    }
  }
}
