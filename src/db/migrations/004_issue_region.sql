-- Where on its frame an issue is, when the judge knew it exactly (the local
-- analyzers' box or edge), as fractions of the frame: for the visual report.
-- Not part of the REST shapes; the read API does not serve it.
ALTER TABLE eval_issues ADD COLUMN region jsonb;
