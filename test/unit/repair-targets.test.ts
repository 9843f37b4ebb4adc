import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/domain/types';
import { repairTargets } from '../../src/scene/repair/rules';

const finding = (category: string, severity: Severity) => ({ category, severity });

describe('which findings a pipeline run repairs', () => {
  it('none when every layout finding is LOW: a passing scene keeps its advice unpatched', () => {
    expect(repairTargets([finding('off_screen', 'LOW'), finding('clutter', 'LOW')], (f) => f)).toEqual([]);
  });

  it('every layout finding, LOW ones too, once one fails its kind', () => {
    const found = [finding('clutter', 'LOW'), finding('clipped_content', 'MEDIUM'), finding('off_screen', 'LOW')];
    expect(repairTargets(found, (f) => f)).toEqual(found);
  });

  it('only layout categories: a HIGH finding of another category neither is a target nor starts a repair', () => {
    expect(repairTargets([finding('flashing', 'HIGH'), finding('clutter', 'LOW')], (f) => f)).toEqual([]);
    expect(repairTargets([finding('flashing', 'HIGH'), finding('overlap', 'HIGH')], (f) => f)).toEqual([finding('overlap', 'HIGH')]);
  });
});
