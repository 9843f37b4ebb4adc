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

  it("carries the frame's time as a field, not only in the hint text", () => {
    const frames = { ...manifest, frames: [{ ...manifest.frames[1], timestampMs: 6_533 }] };
    const out = normalizeVerdict(
      visual,
      {
        score: 50,
        summary: 's',
        issues: [
          { ...issue, frameIndex: 1 },
          { ...issue, frameIndex: null, description: 'Nowhere' },
        ],
      },
      frames,
    );
    expect(out.issues.map((i) => [i.frameHint, i.timestampMs])).toEqual([
      ['00:06.5 top-left', 6_533],
      ['top-left', null],
    ]);
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

describe('one defect, one issue', () => {
  const visual = KINDS.VISUAL_VALIDATION_JSON;
  const frames: FrameManifest = {
    ...manifest,
    frames: Array.from({ length: 12 }, (_, index) => ({ index, timestampMs: index * 800, width: 768, height: 432, key: `k${index}` })),
  };
  const region = (x: number) => ({ left: x, top: 0.1, right: x + 0.25, bottom: 0.2 });

  it('issues of one category on one frame are one issue saying how many and where, at the highest severity, boxed together', () => {
    const out = normalizeVerdict(
      visual,
      {
        score: 0,
        summary: 's',
        issues: [
          { ...issue, frameIndex: 2, location: 'at the top left', description: 'A over B', region: region(0.1) },
          { ...issue, frameIndex: 2, severity: 'HIGH', location: 'at the top right', description: 'C over D', region: region(0.7) },
          { ...issue, frameIndex: 2, category: 'clipped_content', location: 'right edge', description: 'E cut' },
        ],
      },
      frames,
    );
    expect(out.issues).toHaveLength(2);
    expect(out.issues[0]).toMatchObject({
      severity: 'HIGH',
      category: 'overlap',
      frameIndex: 2,
      frameHint: '00:01.6 at the top left, at the top right',
      description: '2 overlap issues at 00:01.6 at the top left, at the top right: A over B C over D',
      region: { left: 0.1, top: 0.1, right: 0.95, bottom: 0.2 },
    });
    expect(out.issues[1]).toMatchObject({ category: 'clipped_content', description: 'E cut' });
  });

  it('no category lists more than 5 issues: the most severe stay, the rest are one issue saying when and where each is', () => {
    const out = normalizeVerdict(
      visual,
      {
        score: 0,
        summary: 's',
        issues: Array.from({ length: 12 }, (_, i) => ({
          ...issue,
          severity: i === 9 ? ('HIGH' as const) : ('MEDIUM' as const),
          frameIndex: i,
          location: `spot ${i}`,
          description: `overlap ${i}`,
        })),
      },
      frames,
    );
    expect(out.issues).toHaveLength(5);
    expect(out.issues.map((i) => i.description.slice(0, 9))).toEqual(['overlap 0', 'overlap 1', 'overlap 2', '8 more ov', 'overlap 9']);
    expect(out.issues[3]).toMatchObject({ severity: 'MEDIUM', frameIndex: 3, frameHint: '00:02.4', region: null });
    expect(out.issues[3].description).toBe(
      '8 more overlap issues: 00:02.4 spot 3: overlap 3 00:03.2 spot 4: overlap 4 00:04.0 spot 5: overlap 5 And 5 more, at 00:04.8 spot 6; 00:05.6 spot 7; 00:06.4 spot 8; 00:08.0 spot 10; 00:08.8 spot 11.',
    );
  });
});

describe('frame timing', () => {
  it('formats timestamps as mm:ss.t', () => {
    expect(formatTimestamp(0)).toBe('00:00.0');
    expect(formatTimestamp(6_540)).toBe('00:06.5');
    expect(formatTimestamp(61_960)).toBe('01:02.0');
  });
});
