import { describe, expect, it } from 'vitest';
import { issueDefects, MAX_ISSUES_PER_CATEGORY } from '../../src/kinds/verdict';
import type { FrameManifest } from '../../src/media/manifest';
import { repairBudget } from '../../src/scene/repair';

describe("a repair's budget, from what inspecting its scene cost", () => {
  it("twice the inspection's wall time, in candidates as many as that holds at a quarter of its CPU each", () => {
    expect(repairBudget({ wallMs: 6_000, cpuSeconds: 4 })).toEqual({ wallMs: 12_000, candidates: 12, reached: false });
  });

  it('never more than 60 s nor less than 8 s (its own sandbox and Manim import), nor more than 32 candidates or fewer than 4', () => {
    expect(repairBudget({ wallMs: 45_000, cpuSeconds: 2 })).toEqual({ wallMs: 60_000, candidates: 32, reached: false });
    expect(repairBudget({ wallMs: 5_000, cpuSeconds: 20 })).toEqual({ wallMs: 10_000, candidates: 4, reached: false });
    expect(repairBudget({ wallMs: 2_300, cpuSeconds: 1.5 })).toEqual({ wallMs: 8_000, candidates: 21, reached: false });
  });

  it('an inspection whose cost was not recorded gets the most a repair takes', () => {
    expect(repairBudget({ wallMs: null, cpuSeconds: null })).toMatchObject({ wallMs: 60_000, candidates: 32 });
  });
});

describe('the defects a repair works on are the issues a run stores', () => {
  const manifest: FrameManifest = {
    durationMs: 4_000,
    width: 854,
    height: 480,
    fps: 15,
    frames: [0, 1, 2].map((index) => ({ index, timestampMs: index * 1_500, width: 768, height: 432, key: `k${index}` })),
  };
  const overlap = (n: number, frameIndex: number, severity: 'LOW' | 'MEDIUM' | 'HIGH' = 'MEDIUM') => ({
    severity,
    category: 'overlap',
    frameIndex,
    location: 'middle',
    description: `Label ${n} is drawn over label ${n + 1}`,
    suggestedFix: `Move label ${n}`,
  });

  it('many pairs at one moment are one defect, and each defect names the findings it stands for', () => {
    const issues = [overlap(1, 1), overlap(2, 1), overlap(3, 1), overlap(4, 2), { ...overlap(9, 0), category: 'low_contrast' }];
    const defects = issueDefects(issues, manifest);
    expect(defects.map((d) => [d.row.category, d.members])).toEqual([
      ['overlap', [0, 1, 2]],
      ['overlap', [3]],
      ['low_contrast', [4]],
    ]);
    expect(defects[0].row.description).toMatch(/^3 overlap issues at /);
  });

  it('past the cap of one category, the lightest are one defect, and a repeated finding is part of its first', () => {
    const issues = [
      ...Array.from({ length: MAX_ISSUES_PER_CATEGORY + 2 }, (_, k) => overlap(k, k % 3, k === 6 ? 'HIGH' : 'LOW')),
      overlap(0, 0, 'LOW'),
    ];
    const defects = issueDefects(issues, manifest);
    expect(defects.length).toBeLessThanOrEqual(MAX_ISSUES_PER_CATEGORY);
    expect(defects.flatMap((d) => d.members).sort((a, b) => a - b)).toEqual(issues.map((_, n) => n));
    expect(defects.find((d) => d.members.includes(0))!.members).toContain(issues.length - 1);
  });
});
