-- The repair's budget (docs/fixes.md, "The budget"): how many candidates and how much wall time it could
-- spend, taken from what inspecting the scene cost, and whether it stopped there before trying every defect.
-- Null for repairs stored before the budget.
ALTER TABLE scene_repairs ADD COLUMN budget jsonb;
