import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { KINDS, type EvalKind } from '../../src/kinds';
import { consensus } from '../../src/providers/consensus';
import { retryAfterMs } from '../../src/errors';
import { costUsd, imageTokens } from '../../src/providers/pricing';
import { newFence, readAnswer, responseFormat } from '../../src/providers/prompt';
import { draft } from '../helpers/issues';

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
  it('prices by the table, overrides first, and reports no price as null', () => {
    expect(costUsd('gpt-4.1-mini', 1_000_000, 1_000_000, {})).toBeCloseTo(2.0, 9);
    expect(costUsd('gpt-4.1-mini', 1_000_000, 0, { 'gpt-4.1-mini': { input: 1, output: 1 } })).toBeCloseTo(1, 9);
    expect(costUsd('my-local-llava', 1000, 1000, {})).toBeNull();
  });

  it('reads EVALS_PRICES, refusing malformed tables without echoing them', () => {
    expect(loadConfig({ EVALS_PRICES: '{"m":{"input":1,"output":2}}' }).judge.prices).toEqual({ m: { input: 1, output: 2 } });
    expect(() => loadConfig({ EVALS_PRICES: '{secret-looking' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVALS_PRICES: '{secret-looking' })).not.toThrow(/secret-looking/);
    expect(() => loadConfig({ EVALS_PRICES: '{"m":{"input":-1,"output":2}}' })).toThrow(/EVALS_PRICES: m\.input/);
  });

  it('has judge defaults: one sample, a request deadline in ms, kinds choosing their own images', () => {
    const judge = loadConfig({}).judge;
    expect(judge).toMatchObject({ samples: 1, timeoutMs: 90_000, imageDetail: undefined, imageWidth: undefined });
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
  const frames = new Set([0, 1, 2]);
  const answer = (issues: unknown[]) => JSON.stringify({ score: 90, summary: 'ok', issues });
  const issue = { severity: 'LOW', category: 'overlap', frameIndex: 2, location: null, description: 'x', suggestedFix: null };

  it('accepts a valid answer and maps it to a verdict', () => {
    const r = readAnswer(visual, answer([issue]), frames);
    expect(r).toEqual({ ok: true, verdict: { score: 90, summary: 'ok', issues: [issue] } });
  });

  it('rejects what is not JSON, has the wrong shape, leaves text empty, or points at a frame that was not shown', () => {
    expect(readAnswer(visual, null, frames)).toMatchObject({ ok: false, error: 'the answer was empty' });
    expect(readAnswer(visual, '{"score": 1', frames)).toMatchObject({ ok: false, error: expect.stringMatching(/^the answer is not JSON/) });
    expect(readAnswer(visual, answer([{ ...issue, category: 'vibes' }]), frames)).toMatchObject({ ok: false, error: expect.stringMatching(/issues\.0\.category/) });
    expect(readAnswer(visual, answer([{ ...issue, description: '  ' }]), frames)).toMatchObject({ ok: false, error: expect.stringMatching(/issues\.0\.description: must not be empty/) });
    expect(readAnswer(visual, answer([{ ...issue, frameIndex: 7 }]), frames)).toMatchObject({ ok: false, error: 'frameIndex 7 names no frame (frames shown: 0, 1, 2)' });
    expect(readAnswer(KINDS.USER_INPUT_SECURITY, answer([{ ...issue, category: 'jailbreak', frameIndex: 0 }]), new Set())).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no frames were shown/),
    });
  });

  it('requires every rubric criterion exactly as named', () => {
    const rubric = KINDS.ENGAGEMENT_RUBRIC_JSON;
    const criteria = Object.fromEntries(['pacing', 'progression', 'focus', 'structure'].map((n) => [n, { score: 10, reason: 'r' }]));
    expect(readAnswer(rubric, JSON.stringify({ criteria, summary: 's', issues: [] }), frames)).toMatchObject({ ok: false, error: expect.stringMatching(/criteria\.length/) });
  });
});

describe('prompt', () => {
  it('draws a fresh fence per call', () => {
    const a = newFence([]);
    const b = newFence([]);
    expect(a.open).not.toBe(b.open);
    expect(a.close).toBe(a.open.replace('<<<CONTENT', '<<<END CONTENT'));
  });

  it('generates json_schema response formats inside the strict-mode subset for every kind', () => {
    const allowed = new Set(['$schema', 'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'anyOf', 'description', 'minimum', 'maximum']);
    for (const kind of Object.keys(KINDS) as EvalKind[]) {
      const format = responseFormat(KINDS[kind], 'json_schema');
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
