-- When the frame an issue is pinned to was shown, ms: read as a field, never
-- parsed back out of the frame hint. Not part of the REST shapes; the read API
-- does not serve it. Issues stored before it get the time their hint shows.
ALTER TABLE eval_issues ADD COLUMN timestamp_ms integer;
UPDATE eval_issues
   SET timestamp_ms = ((substring(frame_hint FROM '^(\d+):')::integer * 60 + substring(frame_hint FROM '^\d+:(\d+)\.')::integer) * 1000
                       + substring(frame_hint FROM '^\d+:\d+\.(\d)')::integer * 100)
 WHERE frame_index IS NOT NULL AND frame_hint ~ '^\d+:\d+\.\d';
