import { clip, oneLine } from '../../domain/clip';
import type { SceneSettings } from '../../config';
import { SEVERITY_RANK, worstFirst } from '../../domain/types';
import type { SceneSource } from '../../fragments/scene-sources';
import { formatTimestamp, type FrameManifest } from '../../media/manifest';
import { drawnByChance, type SceneTimeline, type SceneUnit } from '../inspection';
import { quotedLines, type VideoFacts } from '../inspector';
import { issueDefects } from '../../kinds/verdict';
import { SCENE_RULE_SET, type SceneRule } from '../rules';
import { clutter } from '../rules/clutter';
import { overlap } from '../rules/overlap';
import { Scene, type Observation } from '../scene';
import { RULE_REPAIRS, TARGET_CATEGORIES } from './rules';
import { RepairSession, type AppliedPatch, type CandidateRun } from './session';
import type { Candidate, FindingRepair, RepairBudget, SceneRepair, SourceEdit } from './types';

export interface RepairInput {
  sources: readonly SceneSource[];
  /** The class name the inspection ran (timeline.scene). */
  scene: string | null;
  /** The inspected timeline: its findings are the targets. */
  timeline: SceneTimeline;
  /** For pinning findings as sceneFindings does. */
  manifest: FrameManifest;
  video: VideoFacts;
  /** The same sandbox and limits as inspection. */
  settings: SceneSettings;
  /** The scene was inspected as a still (Manim's `-s`, its last frame held): its candidates are too. */
  still?: boolean;
  /** What inspecting the scene cost (as stored with the run): the repair's budget is taken from it. */
  inspection: InspectionCost;
  cancel?: AbortSignal;
  heartbeat?: (progress: string) => void;
}

/** What inspecting a scene cost: its wall time and CPU (Manim's import and TeX included). */
export interface InspectionCost {
  wallMs: number | null;
  cpuSeconds: number | null;
}

/** Candidates tried per defect at most, smallest first. */
const MOST_PER_DEFECT = 4;

/**
 * The budget (docs/fixes.md, "The budget"): a repair takes at most twice the
 * wall time its scene's inspection took, and never more than 60 s, so one bad
 * scene never holds a media slot for long (an inspection whose time was not
 * recorded gets the 60 s); at least 8 s, since its own sandbox and Manim's
 * import cost about what a small scene's whole inspection does. It re-inspects
 * at most as many candidates as that time holds at a quarter of the
 * inspection's CPU each (a warm re-inspection, Manim imported once and the TeX
 * cached, costs about a quarter of a cold inspection), between 4 and 32.
 */
export const BUDGET = { wallFactor: 2, minWallMs: 8_000, maxWallMs: 60_000, warmShare: 0.25, candidates: [4, 32] as const };

export function repairBudget(inspection: InspectionCost): RepairBudget {
  const wallMs = Math.round(
    Math.min(BUDGET.maxWallMs, Math.max(BUDGET.minWallMs, BUDGET.wallFactor * (inspection.wallMs ?? BUDGET.maxWallMs))),
  );
  const warmMs = Math.max(1, (inspection.cpuSeconds ?? 0) * 1000 * BUDGET.warmShare);
  const [least, most] = BUDGET.candidates;
  return { wallMs, candidates: Math.min(most, Math.max(least, Math.floor(wallMs / warmMs))), reached: false };
}

/** A finding with the objects it is about, by the source lines that made them: how it is recognised after a patch. */
interface Found {
  rule: SceneRule;
  finding: Observation;
  objects: Set<string>;
}

/** One defect as its issue names it: the findings of one category at one moment (or past the issues' cap), repaired together. */
interface Target {
  members: Found[];
  /** What must be gone for it to be fixed: its findings, and for too many texts at once the overlaps among them. */
  goals: Found[];
  fix: FindingRepair['finding'];
  candidates: Candidate[];
}

/**
 * Repairs the scene's defects: for each (the findings one stored issue names:
 * a crowd of labels drawn over each other is one), candidate edits computed
 * from the recorded geometry are applied to a copy of the sources and
 * re-inspected in the sandbox (one warm session); the smallest that removes
 * every finding of the defect, adds no MEDIUM or HIGH finding anywhere and
 * keeps the timeline's length within a frame wins. The worst defects are tried
 * first, a candidate shared by several is re-inspected once, and the whole
 * repair keeps to its budget: what it did not reach keeps its advice, with a
 * note. The winners are then verified again as one patch. Never throws for
 * what the source does: a scene that raises on a candidate is that
 * candidate's failure. Only the fragment's own files are written, to a copy in
 * the sandbox.
 */
export async function repairScene(input: RepairInput): Promise<SceneRepair> {
  const started = Date.now();
  const budget = repairBudget(input.inspection);
  const deadline = started + budget.wallMs;
  // The lines the edits are made at, quoted from the sources themselves (a stored timeline may quote fewer).
  const scene = new Scene({ ...input.timeline, lines: { ...quotedLines(input.sources, [input.timeline]), ...input.timeline.lines } });
  const targets = defectsOf(scene, input.manifest);
  const done = (
    fixes: FindingRepair[],
    combined: SceneRepair['combined'],
    session: RepairSession | null,
    candidates: number,
  ): SceneRepair => ({
    fixes,
    combined,
    wallMs: Date.now() - started,
    cpuSeconds: session ? session.importCpuSeconds + session.candidateCpuSeconds : null,
    importCpuSeconds: session?.importCpuSeconds ?? null,
    candidates,
    budget,
  });
  const nothing = (why: string): SceneRepair['combined'] => ({ verdict: 'none', diff: {}, files: {}, reinspection: why });
  if (targets.every((t) => t.candidates.length === 0))
    return done(
      targets.map((t) => unfixed(t, 0, null)),
      nothing(targets.length ? 'no edit could be computed for any finding' : 'no layout finding to repair'),
      null,
      0,
    );

  const reached = () =>
    `the repair's budget was reached (${budget.candidates} candidates or ${seconds(budget.wallMs)}: ${input.inspection.wallMs === null ? 'the most a repair takes' : `from the ${seconds(input.inspection.wallMs)} the scene's inspection took`})`;
  input.heartbeat?.('starting the re-inspection');
  const chance = drawnByChance(input.timeline);
  const opened = await RepairSession.open(
    input.sources,
    input.scene ?? input.timeline.scene,
    { ...input.video, still: input.still, drawnByChance: chance.placed || chance.coloured },
    input.settings,
    Math.max(1, deadline - Date.now()),
    input.cancel,
  );
  if ('failure' in opened) {
    // Stopped at the budget's end while Manim was still being imported: the budget, not the scene, ended it.
    if (Date.now() >= deadline) budget.reached = true;
    const why = budget.reached ? `${reached()} while the re-inspection was starting` : opened.failure;
    return done(
      targets.map((t) => unfixed(t, 0, why)),
      nothing(why),
      null,
      0,
    );
  }
  const session = opened;
  try {
    const cancelled = () => input.cancel?.reason ?? new Error('the repair was cancelled');
    // The longest a candidate took, re-inspected and checked: what the next one is expected to take.
    let longestMs = 0;
    const inspect = async (edits: SourceEdit[], what: string) => {
      if (input.cancel?.aborted) throw cancelled();
      input.heartbeat?.(what);
      const run = await session.inspect(edits);
      // Cancelling stops the sandbox: what the candidate then answered is not its verdict.
      if (input.cancel?.aborted) throw cancelled();
      // The session's wall limit is the budget's: a run it stopped ran out of the budget, not of its own time.
      const cut = run.status === 'failed' && Date.now() >= deadline;
      if (cut) budget.reached = true;
      return { run, cut };
    };
    // What a candidate is held against: the scene as inspected (the same run, so not run again).
    const baseline = findingsOf(scene);
    const check = (run: CandidateRun, goals: readonly Found[], growsMs: number) => verify(run, goals, baseline, input.timeline, growsMs);
    // Every candidate re-inspected, by its edits: one shared by several defects is re-inspected once.
    const runs = new Map<string, { run: CandidateRun; cut: boolean; candidate: Candidate }>();
    const fixes = new Map<Target, FindingRepair>();
    const winners: { target: Target; patch: AppliedPatch; edits: SourceEdit[]; growsMs: number }[] = [];
    // Room for one more candidate within the candidates and the time left, once a patch is verified with room kept for
    // the combined patch (the longest run so far stands for the next).
    const room = () => {
      const kept = winners.length > 0 ? 1 : 0;
      return runs.size + 1 + kept <= budget.candidates && Date.now() + longestMs * (1 + kept) < deadline;
    };
    // The worst first: the most severe, then the one with the most findings.
    const order = [...targets].sort((a, b) => worstFirst(a.fix.severity, b.fix.severity) || b.members.length - a.members.length);
    for (const [n, target] of order.entries()) {
      const reasons: string[] = [];
      let tried = 0;
      let won = false;
      let cut = false;
      const win = (candidate: Candidate, run: CandidateRun & { status: 'ran' }, verdict: { lighter: number; durationMs: number }) => {
        const sentence = reinspected(goneSentence(scene, target), verdict.lighter, verdict.durationMs, candidate.growsMs);
        fixes.set(target, verified(target, candidate, run.patch, sentence, input.sources.length, tried));
        winners.push({ target, patch: run.patch, edits: candidate.edits, growsMs: candidate.growsMs ?? 0 });
        won = true;
      };
      // A patch already re-inspected for another defect that fixes this one too (a crowd arranged clears its overlaps).
      for (const { run, candidate } of [...runs.values()].sort((a, b) => a.candidate.size - b.candidate.size)) {
        if (run.status !== 'ran' || target.candidates.every((c) => editsKey(c) !== editsKey(candidate))) continue;
        const verdict = check(run, target.goals, candidate.growsMs ?? 0);
        if (verdict.ok) {
          tried++;
          win(candidate, run, verdict);
          break;
        }
      }
      for (const candidate of won ? [] : target.candidates) {
        const key = editsKey(candidate);
        const known = runs.get(key);
        if (!known && !room()) {
          budget.reached = true;
          break;
        }
        tried++;
        const at = Date.now();
        const { run, cut: stopped } = known ?? (await inspect(candidate.edits, `defect ${n + 1}/${order.length}: ${candidate.label}`));
        if (!known) runs.set(key, { run, cut: stopped, candidate });
        // Stopped by the budget's end: not this candidate's verdict.
        cut = stopped;
        if (cut) break;
        const verdict = check(run, target.goals, candidate.growsMs ?? 0);
        if (!known) longestMs = Math.max(longestMs, Date.now() - at);
        if (verdict.ok && run.status === 'ran') {
          win(candidate, run, verdict);
          break;
        }
        if (!verdict.ok) reasons.push(`${candidate.label}: ${verdict.reason.replace(/\.$/, '')}`);
      }
      if (!won) {
        const short = cut || (budget.reached && tried < target.candidates.length);
        fixes.set(target, unfixed(target, tried, [...reasons.slice(0, 3), ...(short ? [reached()] : [])].join('; ') || null));
      }
    }
    const inOrder = targets.map((t) => fixes.get(t)!);
    const tried = runs.size;
    // Edits two winners share (one arrangement fixing a crowd and its overlaps) are applied once.
    const all = [...new Map(winners.flatMap((w) => w.edits).map((e) => [JSON.stringify(e), e])).values()];
    const grows = winners.reduce((sum, w) => sum + w.growsMs, 0);
    if (winners.length === 0)
      return done(inOrder, nothing(budget.reached ? `no edit verified before ${reached()}` : 'no edit verified'), session, tried);
    if (new Set(winners.map((w) => JSON.stringify(w.edits))).size === 1) {
      // One patch: it was verified as a whole already.
      const [w] = winners;
      return done(
        inOrder,
        { verdict: 'verified', diff: w.patch.diff, files: w.patch.files, reinspection: fixes.get(w.target)!.reinspection },
        session,
        tried,
      );
    }
    if (Date.now() + longestMs >= deadline) {
      // No time left to verify them together: the worst defect's patch, verified on its own, stands for them.
      const [w] = winners;
      return done(
        inOrder,
        {
          verdict: 'verified',
          diff: w.patch.diff,
          files: w.patch.files,
          reinspection: `${fixes.get(w.target)!.reinspection}; only this defect's patch: ${reached()} before all ${winners.length} verified patches could be re-inspected together`,
        },
        session,
        tried,
      );
    }
    const { run, cut } = await inspect(all, `all ${winners.length} verified patches together`);
    const verdict = check(
      run,
      winners.flatMap((w) => w.target.goals),
      grows,
    );
    const patch = run.status === 'invalid' ? { files: {}, diff: {} } : run.patch;
    return done(
      inOrder,
      {
        verdict: verdict.ok ? 'verified' : 'unverified',
        diff: patch.diff,
        files: patch.files,
        reinspection: verdict.ok
          ? reinspected(
              `all ${winners.length} patches together, every finding they fix is gone`,
              verdict.lighter,
              verdict.durationMs,
              grows,
            )
          : `re-inspected with all ${winners.length} patches together: ${cut ? reached() : verdict.reason}`,
      },
      session,
      tried + 1,
    );
  } finally {
    await session.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const editsKey = (c: Pick<Candidate, 'edits'>) => JSON.stringify(c.edits);

/**
 * The scene's defects, as its issues will name them (`issueDefects`, one
 * stored issue per defect): each with the candidate edits that may fix it, a
 * defect of several findings with edits that fix them together.
 */
function defectsOf(scene: Scene, manifest: FrameManifest): Target[] {
  const found = findingsOf(scene).filter((f) => TARGET_CATEGORIES.has(f.rule.category));
  // The overlaps a crowd caused: among its own texts, which arranging it or showing it in steps must clear too.
  const caused = (crowd: Found) => found.filter((f) => f.rule === overlap && [...f.objects].every((k) => crowd.objects.has(k)));
  const drafts = found.map((f) => scene.pin(f.finding, f.rule.category, manifest.frames));
  const targets: { first: number; target: Target }[] = [];
  for (const kind of new Set(found.map((f) => f.rule.kind))) {
    const mine = found.flatMap((f, n) => (f.rule.kind === kind ? [n] : []));
    for (const { row, members } of issueDefects(
      mine.map((n) => drafts[n]),
      manifest,
    )) {
      const ns = members.map((m) => mine[m]);
      const first = drafts[ns[0]];
      targets.push({
        first: Math.min(...ns),
        target: {
          members: ns.map((n) => found[n]),
          goals: ns.flatMap((n) => [found[n], ...(found[n].rule === clutter ? caused(found[n]) : [])]),
          fix: {
            kind,
            category: row.category,
            severity: row.severity,
            description: row.description,
            suggestedFix: row.suggestedFix ?? '',
            frameIndex: row.frameIndex,
            location: ns.length === 1 ? first.location : null,
          },
          candidates: candidatesFor(
            scene,
            ns.map((n) => found[n]),
          ).map((c, k) => ({ ...c, id: `d${targets.length + 1}.${k + 1}` })),
        },
      });
    }
  }
  return targets.sort((a, b) => a.first - b.first).map((t) => t.target);
}

/**
 * A defect's candidates, smallest first: a finding's own; for several, the
 * edits their rule makes for them together, and each one's smallest (then
 * second smallest) edits applied together, when no two of them edit one
 * site in different ways.
 */
function candidatesFor(scene: Scene, members: readonly Found[]): Omit<Candidate, 'id'>[] {
  const own = members.map((m) => [...(RULE_REPAIRS.get(m.rule)?.propose(scene, m.finding) ?? [])].sort((a, b) => a.size - b.size));
  if (members.length === 1) return own[0].slice(0, MOST_PER_DEFECT);
  const rule = members.every((m) => m.rule === members[0].rule) ? RULE_REPAIRS.get(members[0].rule) : undefined;
  const together = [
    ...(rule?.proposeTogether?.(
      scene,
      members.map((m) => m.finding),
    ) ?? []),
  ];
  for (const k of [0, 1]) {
    const picked = own.map((c) => c[k]).filter(Boolean);
    if (picked.length < 2) continue;
    const edits = new Map<string, SourceEdit>();
    for (const c of picked) for (const e of c.edits) edits.set(JSON.stringify(e), e);
    // Two different edits at one site (objects one line made in a loop, each to move its own way) cannot both be made.
    const all = [...edits.values()];
    if (all.some((e, n) => all.some((x, m) => m !== n && sameSite(x, e)))) continue;
    together.push({
      label: `the ${k === 0 ? 'smallest' : 'second smallest'} edit of each of ${picked.length} findings`,
      edits: [...edits.values()],
      size: picked.reduce((sum, c) => sum + c.size, 0),
      ...(picked.some((c) => c.growsMs) ? { growsMs: picked.reduce((sum, c) => sum + (c.growsMs ?? 0), 0) } : {}),
    });
  }
  return together.sort((a, b) => a.size - b.size).slice(0, MOST_PER_DEFECT);
}

/** Two edits at one site: of one line's object, made there (one label, or every label a loop's line makes). */
const sameSite = (a: SourceEdit, b: SourceEdit) =>
  a.file === b.file && a.line === b.line && a.object === b.object && a.op.kind === b.op.kind;

/** What re-inspection shows of a defect once it is gone. */
function goneSentence(scene: Scene, target: Target): string {
  const [first] = target.members;
  const from = formatTimestamp(Math.min(...target.members.map((m) => m.finding.startMs)));
  const cleared = target.goals.length - target.members.length;
  const also = cleared > 0 ? `, and the ${cleared} overlap${cleared > 1 ? 's' : ''} among them are gone` : '';
  if (target.members.length === 1) return `${scene.name(first.finding.unit)} ${RULE_REPAIRS.get(first.rule)!.gone}${also} from ${from} on`;
  return `all ${target.members.length} ${target.fix.category} findings (${scene.name(first.finding.unit)}, …) are gone from ${from} on`;
}

/** Every rule's findings in a recorded scene, with the objects each is about. */
function findingsOf(scene: Scene): Found[] {
  return SCENE_RULE_SET.flatMap((rule) =>
    rule.observe(scene).map((finding) => {
      const ids = RULE_REPAIRS.get(rule)?.involved?.(scene, finding) ?? [finding.unit];
      return { rule, finding, objects: new Set(ids.map((id) => sourceKey(scene.unit(id)))) };
    }),
  );
}

/** An object by where the source made it: the same after a patch, which keeps every line's number. */
const sourceKey = (u: SceneUnit) => `${u.file}:${u.line}:${u.calledFrom ?? ''}`;

/** One finding of one rule about one of the same objects. */
const same = (a: Found, b: Found) => a.rule === b.rule && [...a.objects].some((k) => b.objects.has(k));

/**
 * Verified when the scene ran, every finding aimed at is gone, no MEDIUM or
 * HIGH finding appears that the scene as it is did not have (or had lighter),
 * and the timeline's length stays within one frame of its own, or of its own
 * plus what the edits add on purpose (a wait).
 */
function verify(
  run: CandidateRun,
  goals: readonly Found[],
  baseline: readonly Found[],
  original: SceneTimeline,
  growsMs: number,
): { ok: true; lighter: number; durationMs: number } | { ok: false; reason: string } {
  if (run.status !== 'ran') return { ok: false, reason: run.reason };
  const after = new Scene(run.timeline);
  const found = findingsOf(after);
  const stays = goals.map((g) => found.find((f) => same(g, f))).find(Boolean);
  if (stays) return { ok: false, reason: `the finding stays (${oneLine(clip(stays.finding.description, 160))})` };
  const fresh = found.filter(
    (f) =>
      SEVERITY_RANK[f.finding.severity] >= 1 &&
      !baseline.some((b) => same(b, f) && SEVERITY_RANK[b.finding.severity] >= SEVERITY_RANK[f.finding.severity]),
  );
  if (fresh.length)
    return { ok: false, reason: `a new ${fresh[0].finding.severity} finding: ${oneLine(clip(fresh[0].finding.description, 160))}` };
  const frameMs = 1000 / original.fps;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  if (Math.abs(run.timeline.durationMs - (original.durationMs + growsMs)) > frameMs + 1)
    return {
      ok: false,
      reason: `the timeline changes from ${seconds(original.durationMs)} to ${seconds(run.timeline.durationMs)}${growsMs ? ` (the edit adds ${seconds(growsMs)})` : ''}`,
    };
  return { ok: true, lighter: found.filter((f) => !baseline.some((b) => same(b, f))).length, durationMs: run.timeline.durationMs };
}

/** What re-inspection showed of a verified patch: "… stays inside the frame from 00:02.8 on, no new finding, …". */
function reinspected(what: string, lighter: number, durationMs: number, growsMs = 0): string {
  const news = lighter ? `no new MEDIUM or HIGH finding (${lighter} new LOW)` : 'no new finding';
  const length = growsMs
    ? `the timeline grows by exactly what the edit adds (${(growsMs / 1000).toFixed(2)} s, to ${(durationMs / 1000).toFixed(2)} s)`
    : `the timeline keeps its length (${(durationMs / 1000).toFixed(2)} s)`;
  return `re-inspected, ${what}, ${news}, ${length}`;
}

function verified(
  target: Target,
  candidate: Candidate,
  patch: AppliedPatch,
  sentence: string,
  files: number,
  tried: number,
): FindingRepair {
  const change = patch.changes
    .map((c) => `${files > 1 ? `${c.file} ` : ''}line ${c.line}: \`${oneLine(clip(c.before, 160))}\` → \`${oneLine(clip(c.after, 200))}\``)
    .join('; ');
  return {
    finding: target.fix,
    verdict: 'verified',
    change: change || candidate.label,
    diff: patch.diff,
    reinspection: sentence,
    suggestedFix: `${change || candidate.label}; verified: ${sentence}`,
    candidatesTried: tried,
  };
}

/** A defect no candidate fixed: `none` when none could be computed, else `unverified`, with why; today's advice kept. */
function unfixed(target: Target, tried: number, why: string | null): FindingRepair {
  const none = target.candidates.length === 0;
  const rule = target.members[0].rule;
  const reinspection = none
    ? `no edit is computed for this finding${RULE_REPAIRS.has(rule) ? ' from its recorded geometry' : ` (${rule.category}: too many things at once has no single edit)`}`
    : tried === 0
      ? `not re-inspected: ${why ?? 'the re-inspection did not run'}`
      : `${tried} candidate edit${tried > 1 ? 's' : ''} re-inspected, none verified: ${why ?? 'no answer'}`;
  return {
    finding: target.fix,
    verdict: none ? 'none' : 'unverified',
    change: null,
    diff: {},
    reinspection,
    suggestedFix: `${target.fix.suggestedFix} (no verified fix: ${oneLine(clip(reinspection, 300))})`,
    candidatesTried: tried,
  };
}
