-- The eval kinds are validated in code (src/domain/types.ts, src/kinds/): a new
-- kind needs no migration. The value lists these CHECKs held go.
ALTER TABLE eval_runs DROP CONSTRAINT eval_runs_kind_check;
ALTER TABLE missed_issues DROP CONSTRAINT missed_issues_kind_check;
