import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/kinds';
import { normalizeVerdict } from '../../src/kinds/verdict';
import { formatTimestamp, type FrameManifest } from '../../src/media/manifest';

const manifest: FrameManifest = {
  durationMs: 10_000,
  width: 1280,
  height: 720,
  fps: 30,
  frames: [
    { index: 0, timestampMs: 0, width: 768, height: 432, key: 'k0' },
    { index: 1, timestampMs: 6_500, width: 768, height: 432, key: 'k1' },
  ],
};
const issue = {
  severity: 'MEDIUM' as const,
  category: 'overlap',
  location: 'top-left',
  description: 'Labels overlap',
  suggestedFix: 'Move one label',
};

describe('normalizeVerdict', () => {
  const visual = KINDS.VISUAL_VALIDATION_JSON;

  it('clamps the score into [0, maxScore] as an integer', () => {
    expect(normalizeVerdict(visual, { score: 140.6, summary: 's', issues: [] }, manifest).score).toBe(100);
    expect(normalizeVerdict(visual, { score: -3, summary: 's', issues: [] }, manifest).score).toBe(0);
    expect(normalizeVerdict(visual, { score: Number.NaN, summary: 's', issues: [] }, manifest).score).toBe(0);
    expect(normalizeVerdict(visual, { score: 71.4, summary: 's', issues: [] }, manifest).score).toBe(71);
  });

  it('puts the frame timestamp and location in the hint, and drops a frameIndex that names no frame', () => {
    const out = normalizeVerdict(
      visual,
      {
        score: 50,
        summary: 's',
        issues: [
          { ...issue, frameIndex: 1 },
          { ...issue, frameIndex: 7, description: 'Other' },
        ],
      },
      manifest,
    );
    expect(out.issues[0]).toMatchObject({ frameIndex: 1, frameHint: '00:06.5 top-left' });
    expect(out.issues[1]).toMatchObject({ frameIndex: null, frameHint: 'top-left' });
  });

  it('collapses duplicate issues', () => {
    const out = normalizeVerdict(
      visual,
      {
        score: 50,
        summary: 's',
        issues: [
          { ...issue, frameIndex: 0 },
          { ...issue, frameIndex: 0, description: ' labels overlap ' },
        ],
      },
      manifest,
    );
    expect(out.issues).toHaveLength(1);
  });
});

describe('frame timing', () => {
  it('formats timestamps as mm:ss.t', () => {
    expect(formatTimestamp(0)).toBe('00:00.0');
    expect(formatTimestamp(6_540)).toBe('00:06.5');
    expect(formatTimestamp(61_960)).toBe('01:02.0');
  });
});
