import { describe, expect, it } from 'vitest';
import { PROJECT_FILES, type ProjectFiles, providerGaps } from '../../scripts/check-providers';

/** The project's files with one of them edited (null: removed). */
function planted(file: string, edit: (text: string) => string | null): ProjectFiles {
  const original = PROJECT_FILES.read(file) ?? '';
  const edited = edit(original);
  if (edited === original) throw new Error(`the plant changed nothing in ${file}`);
  return { ...PROJECT_FILES, read: (f) => (f === file ? edited : PROJECT_FILES.read(f)) };
}

describe('the provider checklist (src/providers/README.md)', () => {
  it('holds for every registered provider', () => {
    expect(providerGaps()).toEqual([]);
  });

  it.each([
    [
      'compose without the key',
      'docker-compose.yml',
      (t: string) => t.replace(/^\s+OPENAI_API_KEY: .*\n/m, ''),
      /openai: docker-compose.yml: the worker's environment does not pass OPENAI_API_KEY/,
    ],
    [
      'compose with a default key',
      'docker-compose.yml',
      (t: string) => t.replace('OPENAI_API_KEY:-}', 'OPENAI_API_KEY:-sk-x}'),
      /with no default/,
    ],
    [
      'the chart without the base URL',
      'deploy/helm/eval-pipeline-worker/templates/_helpers.tpl',
      (t: string) => t.replace('- name: OPENAI_BASE_URL', '- name: OTHER_URL'),
      /no template sets OPENAI_BASE_URL/,
    ],
    [
      'the key as a plain value',
      'deploy/helm/eval-pipeline-worker/templates/_helpers.tpl',
      (t: string) =>
        t.replace(
          '{{- include "evals.secretEnv" (dict "name" "OPENAI_API_KEY" "secret" .Values.judge.apiKeySecret) }}',
          '- name: OPENAI_API_KEY\n  value: {{ .Values.judge.apiKeySecret.name }}',
        ),
      /the secret OPENAI_API_KEY must come from a Secret/,
    ],
    [
      'values without the base URL',
      'deploy/helm/eval-pipeline-worker/values.yaml',
      (t: string) => t.replace(/^ {2}baseUrl: .*\n/m, ''),
      /values.yaml has no judge.baseUrl for OPENAI_BASE_URL/,
    ],
    [
      'a schema without the key',
      'deploy/helm/eval-pipeline-worker/values.schema.json',
      (t: string) => {
        const s = JSON.parse(t);
        delete s.properties.judge.properties.apiKeySecret;
        return JSON.stringify(s);
      },
      /values.schema.json does not describe judge.apiKeySecret/,
    ],
    [
      'undocumented',
      'docs/configuration.md',
      (t: string) => t.replace(/^\| `OPENAI_BASE_URL`.*\n/m, ''),
      /docs\/configuration.md has no row for OPENAI_BASE_URL/,
    ],
    [
      'no pricing',
      'src/providers/openai.ts',
      (t: string) => t.replace(/readonly pricing\b/, 'readonly prices'),
      /reports usage but states no pricing/,
    ],
    ['the SDK unpinned', 'package.json', (t: string) => t.replace(/"openai": "[^"]+"/, '"openai": "^6.0.0"'), /openai is not pinned/],
    ['the SDK missing', 'package.json', (t: string) => t.replace(/"openai": "[^"]+",\n/, ''), /openai is not a dependency/],
    ['no fake server', 'testkit/fake-openai.ts', () => null, /testkit\/fake-openai.ts does not exist/],
    [
      'another name',
      'src/providers/local.ts',
      (t: string) => t.replace("readonly name = 'local'", "readonly name = 'offline'"),
      /local: src\/providers\/local.ts: its provider's name is not 'local'/,
    ],
  ])('names the missing step: %s', (_, file, edit, says) => {
    const gaps = providerGaps(planted(file, edit));
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatch(says);
  });

  it('names a provider without a test through a pipeline run', () => {
    const files = { ...PROJECT_FILES, list: (dir: string) => PROJECT_FILES.list(dir).filter((f) => !f.startsWith('local-judge')) };
    expect(providerGaps(files)).toEqual(['local: test/integration/local-judge*.test.ts does not exist (step 7)']);
  });
});
