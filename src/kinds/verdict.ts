import { clip } from '../domain/clip';
import { SEVERITY_RANK, worstFirst, type Severity } from '../domain/types';
import { formatTimestamp, frameHint, type FrameManifest, type FrameRef } from '../media/manifest';
import type { NormalizedIssue, Verdict } from '../domain/judgement';
import type { KindDefinition } from './kind';

export interface NormalizedVerdict {
  score: number;
  summary: string;
  issues: NormalizedIssue[];
}

/**
 * The last guard between any judge and the database: the score becomes an
 * integer in [0, maxScore], a frameIndex that names no extracted frame becomes
 * null, the frame hint carries the frame's timestamp, duplicates collapse, and
 * one defect is one issue (`oneIssuePerDefect`): whoever judged (the scene, the
 * pixels, an LLM with the checks merged in), this is where a kind's issues are
 * finalised.
 */
export function normalizeVerdict(definition: KindDefinition, verdict: Verdict, manifest: FrameManifest | null): NormalizedVerdict {
  const score = Math.round(Math.min(Math.max(Number.isFinite(verdict.score) ? verdict.score : 0, 0), definition.maxScore));
  return { score, summary: verdict.summary.trim(), issues: issueDefects(verdict.issues, manifest).map((d) => d.row) };
}

/** One defect: the issue stored for it, and the indices of the judge's issues it stands for. */
export interface Defect {
  row: NormalizedIssue;
  members: number[];
}

/**
 * A judge's issues as the defects stored for them, in order: a frameIndex
 * that names no extracted frame becomes null, the frame hint carries the
 * frame's timestamp, duplicates collapse, and one defect is one issue
 * (`oneIssuePerDefect`). The scene's repair works on these defects too.
 */
export function issueDefects(issues: Verdict['issues'], manifest: FrameManifest | null): Defect[] {
  const frames = new Map((manifest?.frames ?? []).map((f) => [f.index, f]));
  const seen = new Map<string, Located>();
  const located: Located[] = [];
  issues.forEach((issue, n) => {
    const frame = issue.frameIndex === null ? undefined : frames.get(issue.frameIndex);
    const row: NormalizedIssue = {
      severity: issue.severity,
      category: issue.category,
      frameIndex: frame ? frame.index : null,
      frameHint: frame ? frameHint(frame, issue.location) : issue.location,
      timestampMs: frame ? frame.timestampMs : null,
      description: issue.description.trim(),
      suggestedFix: issue.suggestedFix?.trim() || null,
      region: frame ? (issue.region ?? null) : null,
      ...(issue.origin ? { origin: issue.origin } : {}),
    };
    // A judge repeating itself word for word. Not sameIssueKey (category and frame): that looser rule matches
    // two judges' issues worded differently, and would merge distinct issues of one answer (two clipped edges on one frame).
    const key = [row.severity, row.category, row.frameIndex, row.description.toLowerCase()].join('|');
    const same = seen.get(key);
    if (same) {
      same.members.push(n);
      return;
    }
    const item = { row, frame, place: issue.location, members: [n] };
    seen.set(key, item);
    located.push(item);
  });
  return oneIssuePerDefect(located).map(({ row, items }) => ({ row, members: items.flatMap((item) => item.members) }));
}

/** No kind lists more issues than this of one category: past it, a reviewer reads rows, not defects. */
export const MAX_ISSUES_PER_CATEGORY = 5;

/** A judge's issue as it will be stored, on its frame, with the indices of the issues it repeats. */
interface Located {
  row: NormalizedIssue;
  frame: FrameRef | undefined;
  /** Where in the frame (the judge's location words), kept apart from the hint so merging never parses it back. */
  place: string | null;
  members: number[];
}

/** An issue on its frame, with where in it: what merging reads. */
type Placed = Pick<Located, 'row' | 'frame' | 'place'>;

/**
 * One defect, one issue. Findings of one category at the same moment (pinned to
 * one frame: a crowd of labels drawn over each other, two edges cutting one
 * formula) are one issue saying how many and where; and when a category still
 * has more than MAX_ISSUES_PER_CATEGORY, the least severe and latest are one
 * issue listing when and where each is. Severity is the highest merged.
 */
function oneIssuePerDefect(located: Located[]): { row: NormalizedIssue; items: Located[] }[] {
  const moments = new Map<string, Located[]>();
  for (const item of located) {
    const key = item.frame ? `${item.row.category}|${item.frame.index}` : `${item.row.category}|-|${moments.size}`;
    moments.set(key, [...(moments.get(key) ?? []), item]);
  }
  const rows = [...moments.values()].map((group) => ({ ...(group.length === 1 ? group[0] : atOneMoment(group)), items: group }));
  // Per category, the most severe (then earliest) stay; the rest become one issue, listed where the first of them was.
  const merged = new Map<(typeof rows)[number], { row: NormalizedIssue; items: Located[] } | null>();
  for (const category of new Set(rows.map((r) => r.row.category))) {
    const mine = rows.filter((r) => r.row.category === category);
    if (mine.length <= MAX_ISSUES_PER_CATEGORY) continue;
    const ranked = [...mine].sort((a, b) => worstFirst(a.row.severity, b.row.severity) || mine.indexOf(a) - mine.indexOf(b));
    const rest = new Set(ranked.slice(MAX_ISSUES_PER_CATEGORY - 1));
    const others = mine.filter((r) => rest.has(r));
    others.forEach((r, i) =>
      merged.set(
        r,
        i === 0
          ? { row: mergedRow(others, `${others.length} more ${category} issues`, null, true), items: others.flatMap((o) => o.items) }
          : null,
      ),
    );
  }
  return rows.flatMap((r) => {
    const m = merged.get(r);
    return m === undefined ? [{ row: r.row, items: r.items }] : m ? [m] : [];
  });
}

function atOneMoment(group: Placed[]): Placed {
  const { frame } = group[0];
  const places = [...new Set(group.map((g) => g.place).filter(Boolean))];
  const place = places.length > 3 ? `${places.slice(0, 3).join(', ')} and elsewhere` : places.join(', ') || null;
  const hint = frameHint(frame!, place);
  return { row: mergedRow(group, `${group.length} ${group[0].row.category} issues at ${hint}`, hint, false), frame, place };
}

const DESCRIBED = 3;

/** Several issues as one: the first frame, the highest severity, the box around them all when they share a frame. */
function mergedRow(group: Placed[], heading: string, hint: string | null, when: boolean): NormalizedIssue {
  const rows = group.map((g) => g.row);
  const first = group.find((g) => g.frame) ?? group[0];
  const severity = rows.reduce<Severity>((s, r) => (SEVERITY_RANK[r.severity] > SEVERITY_RANK[s] ? r.severity : s), 'LOW');
  const each = rows
    .slice(0, DESCRIBED)
    .map((r, i) => `${when && group[i].frame ? `${frameHint(group[i].frame!, group[i].place || null)}: ` : ''}${clip(r.description, 240)}`);
  const more =
    rows.length > DESCRIBED
      ? ` And ${rows.length - DESCRIBED} more${
          when
            ? `, at ${[
                ...new Set(
                  rows
                    .slice(DESCRIBED)
                    .map((r) => r.frameHint)
                    .filter(Boolean),
                ),
              ]
                .slice(0, 8)
                .join('; ')}`
            : ''
        }.`
      : '';
  const fixes = [...new Set(rows.map((r) => r.suggestedFix).filter((f): f is string => !!f))];
  const regions = rows.map((r) => r.region);
  const sameFrame = group.every((g) => g.frame && g.frame.index === first.frame?.index);
  return {
    severity,
    category: rows[0].category,
    frameIndex: first.frame ? first.frame.index : null,
    frameHint: hint ?? (first.frame ? formatTimestamp(first.frame.timestampMs) : first.row.frameHint),
    timestampMs: first.frame ? first.frame.timestampMs : first.row.timestampMs,
    description: `${heading}: ${each.join(' ')}${more}`,
    suggestedFix: fixes.length
      ? fixes
          .slice(0, DESCRIBED)
          .map((f) => clip(f, 240))
          .join(' ')
      : null,
    region:
      sameFrame && regions.every((r) => r)
        ? {
            left: Math.min(...regions.map((r) => r!.left)),
            top: Math.min(...regions.map((r) => r!.top)),
            right: Math.max(...regions.map((r) => r!.right)),
            bottom: Math.max(...regions.map((r) => r!.bottom)),
          }
        : null,
    ...(rows[0].origin ? { origin: rows[0].origin } : {}),
  };
}
