import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { KINDS, type EvalKind } from '../../src/kinds';
import { consensus } from '../../src/providers/consensus';
import { retryAfterMs } from '../../src/errors';
import { FRAME_KINDS } from '../../src/kinds/answer';
import { OPENAI_PRICING } from '../../src/providers/openai-pricing';
import { buildMessages, responseFormat } from '../../src/providers/openai-messages';
import { fenceOf, readAnswers, type PreparedImage } from '../../src/providers/prompt';
import { draft } from '../helpers/issues';

const { costUsd, imageTokens } = OPENAI_PRICING;

describe('image tokens (OpenAI published rules)', () => {
  it("matches the documentation's tile examples", () => {
    expect(imageTokens('gpt-4o', 1024, 1024, 'high')).toBe(765);
    expect(imageTokens('gpt-4o', 2048, 4096, 'high')).toBe(1105);
    expect(imageTokens('gpt-4o', 4096, 4096, 'low')).toBe(85);
  });

  it("matches the documentation's patch examples, times the model's multiplier, for dated snapshots too", () => {
    // 1024 patches; 1800x2400 scales down to 33 x 44 = 1452 patches.
    expect(imageTokens('gpt-4.1-mini', 1024, 1024, 'high')).toBe(Math.ceil(1024 * 1.62));
    expect(imageTokens('gpt-4.1-mini-2025-04-14', 1800, 2400, 'low')).toBe(Math.ceil(1452 * 1.62));
    expect(imageTokens('gpt-4.1-nano', 1920, 1080, 'high')).toBeLessThanOrEqual(Math.ceil(1536 * 2.46));
  });
});

describe('cost', () => {
  const tokens = (promptTokens: number, completionTokens: number, cachedTokens = 0) => ({ promptTokens, cachedTokens, completionTokens });
  it('prices by the table, overrides first, and reports no price as null', () => {
    expect(costUsd('gpt-4.1-mini', tokens(1_000_000, 1_000_000), {})).toBeCloseTo(2.0, 9);
    expect(costUsd('gpt-4.1-mini', tokens(1_000_000, 0), { 'gpt-4.1-mini': { input: 1, output: 1 } })).toBeCloseTo(1, 9);
    expect(costUsd('my-local-llava', tokens(1000, 1000), {})).toBeNull();
  });

  it('prices cached prompt tokens at the cached rate (as input when a price names none)', () => {
    // 1M prompt tokens of which 800k cached: 200k x $0.40 + 800k x $0.10.
    expect(costUsd('gpt-4.1-mini', tokens(1_000_000, 0, 800_000), {})).toBeCloseTo(0.08 + 0.08, 9);
    expect(costUsd('gpt-4o-2024-08-06', tokens(1_000_000, 0, 1_000_000), {})).toBeCloseTo(1.25, 9);
    expect(costUsd('m', tokens(1_000_000, 0, 500_000), { m: { input: 2, output: 1 } })).toBeCloseTo(2, 9);
    expect(costUsd('m', tokens(1_000_000, 0, 500_000), { m: { input: 2, cachedInput: 0.5, output: 1 } })).toBeCloseTo(1.25, 9);
    expect(loadConfig({ EVALS_PRICES: '{"m":{"input":1,"cachedInput":0.25,"output":2}}' }).judge.prices).toEqual({
      m: { input: 1, cachedInput: 0.25, output: 2 },
    });
  });

  it('reads EVALS_PRICES, refusing malformed tables without echoing them', () => {
    expect(loadConfig({ EVALS_PRICES: '{"m":{"input":1,"output":2}}' }).judge.prices).toEqual({ m: { input: 1, output: 2 } });
    expect(() => loadConfig({ EVALS_PRICES: '{secret-looking' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVALS_PRICES: '{secret-looking' })).not.toThrow(/secret-looking/);
    expect(() => loadConfig({ EVALS_PRICES: '{"m":{"input":-1,"output":2}}' })).toThrow(/EVALS_PRICES: m\.input/);
  });

  it('has judge defaults: one sample, a request deadline in ms, per-kind mode, the shared frame images unless overridden', () => {
    const judge = loadConfig({}).judge;
    expect(judge).toMatchObject({ samples: 1, timeoutMs: 90_000, mode: 'per-kind', imageDetail: undefined, imageWidth: undefined });
    expect(loadConfig({ EVALS_JUDGE_MODE: 'combined' }).judge.mode).toBe('combined');
    expect(loadConfig({ EVALS_JUDGE_TIMEOUT_SECONDS: '0.5' }).judge.timeoutMs).toBe(500);
  });
});

describe('retry-after', () => {
  const h = (entries: Record<string, string>) => new Headers(entries);
  it('reads seconds, milliseconds and HTTP dates, capped, ignoring garbage', () => {
    expect(retryAfterMs(h({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(h({ 'retry-after-ms': '1500', 'retry-after': '9' }))).toBe(1500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(h({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(h({ 'retry-after': '86400' }))).toBe(600_000);
    expect(retryAfterMs(h({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(h({}))).toBeUndefined();
  });
});

describe('self-consistency', () => {
  it('takes the median score and keeps issues a strict majority reported (same category and frame)', () => {
    const v = consensus([
      { score: 10, summary: 'a', issues: [draft('overlap', 1, 'first wording'), draft('artifact', 2)] },
      { score: 90, summary: 'b', issues: [draft('overlap', 1, 'second wording')] },
      { score: 70, summary: 'c', issues: [draft('artifact', 3)] },
      { score: 80, summary: 'd', issues: [draft('overlap', 1)] },
    ]);
    expect(v.score).toBe(75);
    expect(v.issues).toEqual([draft('overlap', 1, 'first wording')]);
    expect(['c', 'd']).toContain(v.summary);
  });

  it('passes a single answer through', () => {
    const one = { score: 33, summary: 's', issues: [draft('x', null)] };
    expect(consensus([one])).toBe(one);
  });
});

describe('reading answers', () => {
  const visual = KINDS.VISUAL_VALIDATION_JSON;
  const frames = [0, 1, 2];
  const part = (issues: unknown[]) => ({ score: 90, summary: 'ok', issues });
  const answer = (issues: unknown[]) =>
    JSON.stringify({ ...Object.fromEntries(FRAME_KINDS.map((k) => [k, null])), VISUAL_VALIDATION_JSON: part(issues) });
  const issue = { severity: 'LOW', category: 'overlap', frameIndex: 2, location: null, description: 'x', suggestedFix: null };
  const read = (content: string | null, kind = visual, shown = frames) => readAnswers([kind], content, shown).get(kind.kind);

  it('accepts a valid answer and maps it to a verdict', () => {
    expect(read(answer([issue]))).toEqual({ ok: true, verdict: { score: 90, summary: 'ok', issues: [issue] } });
  });

  it('rejects what is not JSON, has the wrong shape, leaves text empty, or points at a frame that was not shown', () => {
    expect(read(null)).toMatchObject({ ok: false, error: 'the answer was empty' });
    expect(read('{"score": 1')).toMatchObject({ ok: false, error: expect.stringMatching(/^the answer is not JSON/) });
    expect(read(JSON.stringify({ ...Object.fromEntries(FRAME_KINDS.map((k) => [k, null])) }))).toMatchObject({
      ok: false,
      error: 'the answer does not match the schema (VISUAL_VALIDATION_JSON: missing, it must be filled in)',
    });
    expect(read(answer([{ ...issue, category: 'vibes' }]))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/VISUAL_VALIDATION_JSON\.issues\.0\.category/),
    });
    expect(read(answer([{ ...issue, description: '  ' }]))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/issues\.0\.description: must not be empty/),
    });
    expect(read(answer([{ ...issue, frameIndex: 7 }]))).toMatchObject({
      ok: false,
      error:
        'the answer does not match the schema (VISUAL_VALIDATION_JSON.issues.0.frameIndex: frameIndex 7 names no frame (frames shown: 0, 1, 2))',
    });
    expect(read(JSON.stringify(part([{ ...issue, category: 'jailbreak', frameIndex: 0 }])), KINDS.USER_INPUT_SECURITY, [])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/issues\.0\.frameIndex/),
    });
  });

  it('reads each asked part on its own: one invalid part does not spoil the others', () => {
    const both = JSON.stringify({
      ...Object.fromEntries(FRAME_KINDS.map((k) => [k, null])),
      VISUAL_VALIDATION_JSON: part([issue]),
      DESIGN_VALIDATION_JSON: { score: 'high' },
    });
    const readings = readAnswers([visual, KINDS.DESIGN_VALIDATION_JSON], both, frames);
    expect(readings.get('VISUAL_VALIDATION_JSON')).toMatchObject({ ok: true });
    expect(readings.get('DESIGN_VALIDATION_JSON')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/DESIGN_VALIDATION_JSON\.score/),
    });
  });

  it('requires every rubric criterion exactly as named', () => {
    const rubric = KINDS.ENGAGEMENT_RUBRIC_JSON;
    const criteria = Object.fromEntries(['pacing', 'progression', 'focus', 'structure'].map((n) => [n, { score: 10, reason: 'r' }]));
    const content = JSON.stringify({
      ...Object.fromEntries(FRAME_KINDS.map((k) => [k, null])),
      [rubric.kind]: { criteria, summary: 's', issues: [] },
    });
    expect(read(content, rubric)).toMatchObject({ ok: false, error: expect.stringMatching(/criteria\.length/) });
  });
});

/**
 * Values from a JSON Schema: every boundary it allows (min and max of each
 * number, each enum value, null where nullable), and values one step outside.
 */
function boundaries(node: any): unknown[] {
  if (node.anyOf) return node.anyOf.flatMap(boundaries);
  if (Array.isArray(node.type)) return node.type.flatMap((type: string) => boundaries({ ...node, type }));
  if (node.enum) return node.enum;
  switch (node.type) {
    case 'null':
      return [null];
    case 'string':
      return ['x'];
    case 'number':
    case 'integer':
      return [node.minimum ?? -Number.MAX_VALUE, node.maximum ?? Number.MAX_VALUE];
    case 'array':
      return [[], boundaries(node.items)];
    case 'object':
      return variants(node, boundaries);
  }
  throw new Error(`no boundaries for ${JSON.stringify(node)}`);
}

function outside(node: any): unknown[] {
  if (node.anyOf) return node.anyOf.filter((n: any) => n.type !== 'null').flatMap(outside);
  if (Array.isArray(node.type)) return node.type.filter((t: string) => t !== 'null').flatMap((type: string) => outside({ ...node, type }));
  if (node.enum) {
    const numeric = node.enum.filter((v: unknown) => typeof v === 'number');
    return numeric.length > 0 ? [Math.min(...numeric) - 1, Math.max(...numeric) + 1] : [`${node.enum[0]}_other`];
  }
  switch (node.type) {
    case 'number':
    case 'integer':
      return [...(node.minimum === undefined ? [] : [node.minimum - 1]), ...(node.maximum === undefined ? [] : [node.maximum + 1])];
    case 'array':
      return outside(node.items).map((item) => [item]);
    case 'object':
      return variants(node, outside).slice(1);
  }
  return [];
}

/** A base object from each property's first boundary, then one object per other value of each property. */
function variants(node: any, valuesOf: (n: any) => unknown[]): Record<string, unknown>[] {
  const base = Object.fromEntries(Object.entries(node.properties).map(([key, p]) => [key, boundaries(p)[0]]));
  const out = [base];
  for (const [key, p] of Object.entries(node.properties)) for (const value of valuesOf(p)) out.push({ ...base, [key]: value });
  return out;
}

describe('the answer schema sent equals what the validator accepts', () => {
  const frames = [0, 3, 7];
  for (const kind of Object.keys(KINDS) as EvalKind[]) {
    const definition = KINDS[kind];
    const shown = definition.usesFrames ? frames : [];
    const format = responseFormat(kind, shown, 'json_schema');
    if (format.type !== 'json_schema') throw new Error('expected json_schema');
    const root: any = format.json_schema.schema;
    // The kind's own part of the shared frame-kinds schema, or the kind's schema itself.
    const partSchema = definition.usesFrames ? root.properties[kind].anyOf.find((n: any) => n.type === 'object') : root;
    const content = (value: unknown) =>
      JSON.stringify(definition.usesFrames ? { ...Object.fromEntries(FRAME_KINDS.map((k) => [k, null])), [kind]: value } : value);

    it(`${kind}: every boundary value of the schema sent is accepted`, () => {
      const values = boundaries(partSchema);
      expect(values.length).toBeGreaterThan(5);
      for (const value of values)
        expect(readAnswers([definition], content(value), shown).get(kind), JSON.stringify(value)).toMatchObject({ ok: true });
    });

    it(`${kind}: one step outside the schema sent is re-asked`, () => {
      const values = outside(partSchema);
      // Scores (or criteria) above and below, severity and category outside their enums, frame indices around the ones shown.
      expect(values.length).toBeGreaterThanOrEqual(definition.usesFrames ? 6 : 4);
      for (const value of values)
        expect(readAnswers([definition], content(value), shown).get(kind), JSON.stringify(value)).toMatchObject({ ok: false });
    });
  }
});

describe('prompt', () => {
  it("derives the fence from the pipeline run's secret: the same for every call of the run, unknown without the secret, never in the content", () => {
    const a = fenceOf('secret-a', []);
    expect(fenceOf('secret-a', ['Title: Pythagoras'])).toEqual(a);
    expect(fenceOf('secret-b', []).open).not.toBe(a.open);
    expect(a.close).toBe(a.open.replace('<<<CONTENT', '<<<END CONTENT'));
    const id = /<<<CONTENT ([0-9a-f]{24})>>>/.exec(a.open)![1];
    // Content that happens to contain the id gets another one.
    expect(fenceOf('secret-a', [`x ${id} y`]).open).not.toBe(a.open);
  });

  it("keeps every frame kind's request identical up to the kind's own task", () => {
    const input = { userInput: 'Draw a circle', title: 'Circle', description: 'A circle.', durationMs: 3000, frameCount: 2 };
    const images: PreparedImage[] = [0, 1].map((index) => ({
      index,
      timestampMs: index * 1000,
      width: 512,
      height: 288,
      dataUrl: `data:image/jpeg;base64,AAA${index}`,
      detail: 'low',
    }));
    const fence = fenceOf('s', []);
    for (const format of ['json_schema', 'json_object'] as const) {
      const requests = FRAME_KINDS.map((kind) => ({
        format: JSON.stringify(responseFormat(kind, [0, 1], format)),
        messages: buildMessages([KINDS[kind]], input, images, fence, format),
      }));
      for (const r of requests) {
        expect(r.format).toBe(requests[0].format);
        expect(r.messages[0]).toEqual(requests[0].messages[0]);
        const parts = r.messages[1].content as any[];
        expect(parts.slice(0, -1)).toEqual((requests[0].messages[1].content as any[]).slice(0, -1));
      }
      expect(new Set(requests.map((r) => JSON.stringify((r.messages[1].content as any[]).at(-1)))).size).toBe(FRAME_KINDS.length);
    }
  });

  it('generates json_schema response formats inside the strict-mode subset for every kind', () => {
    const allowed = new Set([
      '$schema',
      'type',
      'properties',
      'required',
      'additionalProperties',
      'items',
      'enum',
      'anyOf',
      'description',
      'minimum',
      'maximum',
    ]);
    for (const kind of Object.keys(KINDS) as EvalKind[]) {
      const format = responseFormat(kind, [0, 1, 2], 'json_schema');
      if (format.type !== 'json_schema') throw new Error(`${kind}: expected a json_schema format, got ${format.type}`);
      expect(format.json_schema.strict).toBe(true);
      const keywords = new Set<string>();
      const walk = (node: any) => {
        if (!node || typeof node !== 'object') return;
        for (const [key, value] of Object.entries(node)) {
          if (key === 'properties') Object.values(value as object).forEach(walk);
          else {
            keywords.add(key);
            if (Array.isArray(value)) value.forEach(walk);
            else walk(value);
          }
        }
      };
      walk(format.json_schema.schema);
      expect(keywords.has('additionalProperties')).toBe(true);
      expect([...keywords].filter((k) => !allowed.has(k))).toEqual([]);
    }
  });
});
