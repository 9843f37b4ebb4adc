/**
 * Verified source patches for the scene's layout findings (docs/fixes.md,
 * "Edits and verification"): candidate edits computed from the recorded
 * geometry, applied on Python's syntax tree, each re-inspected in the sandbox;
 * the smallest that removes its finding without a new one wins, and the
 * winners are verified again as one patch.
 */
export { repairBudget, repairScene, type InspectionCost, type RepairInput } from './repair';
export type { Candidate, FindingRepair, RepairVerdict, RepairBudget, SceneRepair, SourceEdit } from './types';
