import { z } from 'zod';
import { SEVERITIES } from './types';

/**
 * One issue, from the REST interface's EvalIssue: the served shape is the zod
 * schema, and the stored issue and a judge's draft are derived from it.
 */

/** An integer JSON can carry exactly. */
export const jsonInteger = z.number().int().min(-9007199254740991).max(9007199254740991);

export const EvalIssueSchema = z
  .object({
    id: z.string(),
    severity: z.enum(SEVERITIES),
    category: z.string(),
    frameIndex: jsonInteger.nullable(),
    frameHint: z.string().nullable(),
    description: z.string(),
    suggestedFix: z.string().nullable(),
  })
  .strict();

/** An issue as served. */
export type EvalIssue = z.infer<typeof EvalIssueSchema>;

/** An issue as it is stored (before it has an id): the frame hint carries the frame's timestamp. */
export type NormalizedIssue = Omit<EvalIssue, 'id'> & {
  /** When the frame the issue is pinned to was shown, ms (the time its hint shows), or null; stored, not served by the API. */
  timestampMs?: number | null;
  /** Where on the frame, when the judge knew it exactly; stored, not served by the API. */
  region?: IssueRegion | null;
  /** Who found it (the scene, the pixel analyzers, the judge); stored, not served by the API. */
  origin?: IssueOrigin;
};

/** What a judge (LLM or local) reports for one issue, before it is stored: `location` where the stored issue has its hint. */
export type IssueDraft = Omit<NormalizedIssue, 'frameHint' | 'timestampMs'> & {
  /** Where in the frame, when known (for example "top-right"); the timestamp is added from the frame. */
  location: string | null;
};

export type IssueOrigin = 'scene' | 'pixels' | 'judge';

/** A box on the frame as fractions of its width and height, and the frame edge that cuts it, if any. */
export interface IssueRegion {
  left: number;
  top: number;
  right: number;
  bottom: number;
  edge?: 'top' | 'right' | 'bottom' | 'left';
}
