import type { IssueDraft } from '../../src/kinds';

/** An issue as a judge reports it, MEDIUM unless said otherwise. */
export const draft = (category: string, frameIndex: number | null, description = `${category} found`): IssueDraft => ({
  severity: 'MEDIUM',
  category,
  frameIndex,
  location: null,
  description,
  suggestedFix: null,
});
