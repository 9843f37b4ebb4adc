import type { Severity } from '../domain/types';
import { frameHint, type FrameManifest } from '../media/manifest';
import type { IssueOrigin, IssueRegion, Verdict } from '../domain/judgement';
import type { KindDefinition } from './kind';

/** An issue as it is stored and served: the frame hint carries the frame's timestamp. */
export interface NormalizedIssue {
  severity: Severity;
  category: string;
  frameIndex: number | null;
  frameHint: string | null;
  description: string;
  suggestedFix: string | null;
  /** Where on the frame, when the judge knew it exactly; stored, not served by the API. */
  region?: IssueRegion | null;
  /** Who found it (the scene, the pixel analyzers, the judge); stored, not served by the API. */
  origin?: IssueOrigin;
}

export interface NormalizedVerdict {
  score: number;
  summary: string;
  issues: NormalizedIssue[];
}

/**
 * The last guard between any judge and the database: the score becomes an
 * integer in [0, maxScore], a frameIndex that names no extracted frame becomes
 * null, the frame hint carries the frame's timestamp, and duplicates collapse.
 */
export function normalizeVerdict(definition: KindDefinition, verdict: Verdict, manifest: FrameManifest | null): NormalizedVerdict {
  const score = Math.round(Math.min(Math.max(Number.isFinite(verdict.score) ? verdict.score : 0, 0), definition.maxScore));
  const frames = new Map((manifest?.frames ?? []).map((f) => [f.index, f]));
  const seen = new Set<string>();
  const issues: NormalizedIssue[] = [];
  for (const issue of verdict.issues) {
    const frame = issue.frameIndex === null ? undefined : frames.get(issue.frameIndex);
    const row: NormalizedIssue = {
      severity: issue.severity,
      category: issue.category,
      frameIndex: frame ? frame.index : null,
      frameHint: frame ? frameHint(frame, issue.location) : issue.location,
      description: issue.description.trim(),
      suggestedFix: issue.suggestedFix?.trim() || null,
      region: frame ? (issue.region ?? null) : null,
      ...(issue.origin ? { origin: issue.origin } : {}),
    };
    // A judge repeating itself word for word. Not sameIssueKey (category and frame): that looser rule matches
    // two judges' issues worded differently, and would merge distinct issues of one answer (two clipped edges on one frame).
    const key = [row.severity, row.category, row.frameIndex, row.description.toLowerCase()].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(row);
  }
  return { score, summary: verdict.summary.trim(), issues };
}
