-- Which Temporal each pipeline run belongs to: the namespace and the cluster's
-- identity (src/infra/temporal-identity.ts). A sweeper ends only the runs of its
-- own Temporal, so stacks on other Temporal servers that share this database
-- (a local `evals run` pointed at the fleet's database) are never touched.
-- Rows created before this migration have neither: fleet sweepers treat them
-- as theirs, as they did before.
ALTER TABLE pipeline_runs ADD COLUMN temporal_namespace text, ADD COLUMN temporal_cluster_id text;
