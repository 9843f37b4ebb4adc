-- The pipeline's own error (bad input, a step that failed, `cancelled`) as a field of its own, so that
-- nothing parses it back out of the summary's text. Null for a run that did not end ERROR. Runs that ended
-- before this column get it from their summary as pipelineSummary wrote it ("Pipeline error: <error>.",
-- or the one word of a cancelled run); a summary in neither form is the error as a whole.
ALTER TABLE pipeline_runs ADD COLUMN error text;
UPDATE pipeline_runs
SET error = coalesce(substring(summary FROM '^Pipeline error: (.*?)\.(?: [A-Z]+:|$)'), summary)
WHERE status = 'ERROR';
