import { describe, expect, it } from 'vitest';
import { matchIssues } from '../../src/db/scene-repairs';
import type { FindingRepair } from '../../src/scene/repair';

const fix = (category: string, description: string, frameIndex: number | null): FindingRepair => ({
  finding: {
    kind: 'VISUAL_VALIDATION_JSON',
    category,
    severity: 'MEDIUM',
    description,
    suggestedFix: 'advice',
    frameIndex,
    location: null,
  },
  verdict: 'verified',
  change: null,
  diff: {},
  reinspection: '',
  suggestedFix: 'fixed',
  candidatesTried: 1,
});
const issue = (id: string, category: string, description: string, frame_index: number | null) => ({
  id,
  kind: 'VISUAL_VALIDATION_JSON' as const,
  category,
  frame_index,
  description,
});

describe('matchIssues: the stored issue each fix is about', () => {
  it('takes the finding word for word (or with the scene-check prefix) before any issue on its frame, each issue once', () => {
    const fixes = [fix('overlap', 'E over F', 3), fix('overlap', 'A over B', 3), fix('overlap', 'C over D', 3), fix('overlap', 'G', 9)];
    const issues = [
      issue('ab', 'overlap', 'A over B', 3),
      issue('judge', 'overlap', 'the labels collide', 3),
      issue('cd', 'overlap', 'Scene check: C over D', 3),
      issue('other-category', 'clipped_content', 'G', 9),
    ];
    // E over F was merged into the judge's issue on its frame; nothing of its category stands for G.
    expect(matchIssues(fixes, issues)).toEqual(['judge', 'ab', 'cd', null]);
  });
});
