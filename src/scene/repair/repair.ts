import type { SceneSettings } from '../../config';
import type { Severity } from '../../domain/types';
import type { SceneSource } from '../../fragments/scene-sources';
import { formatTimestamp, type FrameManifest } from '../../media/manifest';
import type { SceneTimeline, SceneUnit } from '../inspection';
import { quotedLines, type VideoFacts } from '../inspector';
import { SCENE_RULE_SET, type SceneRule } from '../rules';
import { clip, Scene, type Observation } from '../scene';
import { RULE_REPAIRS, TARGET_CATEGORIES } from './rules';
import { RepairSession, type AppliedPatch, type CandidateRun } from './session';
import type { Candidate, FindingFix, SceneRepair, SourceEdit } from '.';

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
  cancel?: AbortSignal;
  heartbeat?: (progress: string) => void;
}

/** Candidates tried per finding at most, smallest first. */
const MOST_PER_FINDING = 4;
const SEVERITY_RANK: Record<Severity, number> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

/** A finding with the objects it is about, by the source lines that made them: how it is recognised after a patch. */
interface Found {
  rule: SceneRule;
  finding: Observation;
  objects: Set<string>;
}

interface Target extends Found {
  fix: FindingFix['finding'];
  candidates: Candidate[];
}

/**
 * Repairs the scene's layout findings: for each, candidate edits computed from
 * the recorded geometry are applied to a copy of the sources and re-inspected
 * in the sandbox (one warm session); the smallest that removes the finding,
 * adds no MEDIUM or HIGH finding anywhere and keeps the timeline's length
 * within a frame wins. The winners are then verified again as one patch.
 * Never throws for what the source does: a scene that raises on a candidate
 * is that candidate's failure. Only the fragment's own files are written, to a
 * copy in the sandbox.
 */
export async function repairScene(input: RepairInput): Promise<SceneRepair> {
  const started = Date.now();
  // The lines the edits are made at, quoted from the sources themselves (a stored timeline may quote fewer).
  const scene = new Scene({ ...input.timeline, lines: { ...quotedLines(input.sources, [input.timeline]), ...input.timeline.lines } });
  const targets: Target[] = findingsOf(scene)
    .filter((f) => TARGET_CATEGORIES.has(f.rule.category))
    .map((f, n) => {
      const issue = scene.pin(f.finding, f.rule.category, input.manifest.frames);
      const proposed = RULE_REPAIRS.get(f.rule)?.propose(scene, f.finding) ?? [];
      return {
        ...f,
        fix: {
          kind: f.rule.kind,
          category: f.rule.category,
          severity: issue.severity,
          description: issue.description,
          suggestedFix: issue.suggestedFix ?? '',
          frameIndex: issue.frameIndex,
          location: issue.location,
        },
        candidates: [...proposed]
          .sort((a, b) => a.size - b.size)
          .slice(0, MOST_PER_FINDING)
          .map((c, k) => ({ ...c, id: `f${n + 1}.${k + 1}` })),
      };
    });
  const done = (
    fixes: FindingFix[],
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
  });
  const nothing = (why: string): SceneRepair['combined'] => ({ verdict: 'none', diff: {}, files: {}, reinspection: why });
  if (targets.every((t) => t.candidates.length === 0))
    return done(
      targets.map((t) => unfixed(t, 0, null)),
      nothing(targets.length ? 'no edit could be computed for any finding' : 'no layout finding to repair'),
      null,
      0,
    );

  input.heartbeat?.('starting the re-inspection');
  const opened = await RepairSession.open(input.sources, input.scene ?? input.timeline.scene, input.video, input.settings, input.cancel);
  if ('failure' in opened)
    return done(
      targets.map((t) => unfixed(t, 0, opened.failure)),
      nothing(opened.failure),
      null,
      0,
    );
  const session = opened;
  try {
    const cancelled = () => input.cancel?.reason ?? new Error('the repair was cancelled');
    const inspect = async (edits: SourceEdit[], what: string) => {
      if (input.cancel?.aborted) throw cancelled();
      input.heartbeat?.(what);
      const run = await session.inspect(edits);
      // Cancelling stops the sandbox: what the candidate then answered is not its verdict.
      if (input.cancel?.aborted) throw cancelled();
      return run;
    };
    const baseRun = await inspect([], 're-inspecting the scene as it is');
    if (baseRun.status !== 'ran') {
      const why = `the scene as it is did not re-inspect (${baseRun.reason})`;
      return done(
        targets.map((t) => unfixed(t, 0, why)),
        nothing(why),
        session,
        1,
      );
    }
    const baseline = findingsOf(new Scene(baseRun.timeline));
    const check = (run: CandidateRun, goals: readonly Found[], growsMs: number) => verify(run, goals, baseline, input.timeline, growsMs);
    let tried = 0;
    const fixes: FindingFix[] = [];
    const winners: { target: Target; patch: AppliedPatch; edits: SourceEdit[]; growsMs: number }[] = [];
    for (const [n, target] of targets.entries()) {
      const reasons: string[] = [];
      let won = false;
      for (const candidate of target.candidates) {
        tried++;
        const run = await inspect(candidate.edits, `finding ${n + 1}/${targets.length}: ${candidate.label}`);
        const verdict = check(run, [target], candidate.growsMs ?? 0);
        if (verdict.ok && run.status === 'ran') {
          const gone = `${scene.name(target.finding.unit)} ${RULE_REPAIRS.get(target.rule)!.gone} from ${formatTimestamp(target.finding.startMs)} on`;
          const sentence = reinspected(gone, verdict.lighter, verdict.durationMs, candidate.growsMs);
          fixes.push(verified(target, candidate, run.patch, sentence, input.sources.length));
          winners.push({ target, patch: run.patch, edits: candidate.edits, growsMs: candidate.growsMs ?? 0 });
          won = true;
          break;
        }
        if (!verdict.ok) reasons.push(`${candidate.label}: ${verdict.reason.replace(/\.$/, '')}`);
      }
      if (!won) fixes.push(unfixed(target, target.candidates.length, reasons.length ? reasons.slice(0, 3).join('; ') : null));
    }
    if (winners.length === 0) return done(fixes, nothing('no edit verified'), session, tried);
    if (winners.length === 1) {
      // One patch: it was verified as a whole already.
      const [w] = winners;
      return done(
        fixes,
        {
          verdict: 'verified',
          diff: w.patch.diff,
          files: w.patch.files,
          reinspection: fixes.find((f) => f.verdict === 'verified')!.reinspection,
        },
        session,
        tried,
      );
    }
    const all = winners.flatMap((w) => w.edits);
    const run = await inspect(all, `all ${winners.length} verified patches together`);
    tried++;
    const verdict = check(
      run,
      winners.map((w) => w.target),
      winners.reduce((sum, w) => sum + w.growsMs, 0),
    );
    const patch = run.status === 'invalid' ? { files: {}, diff: {} } : run.patch;
    return done(
      fixes,
      {
        verdict: verdict.ok ? 'verified' : 'unverified',
        diff: patch.diff,
        files: patch.files,
        reinspection: verdict.ok
          ? reinspected(
              `all ${winners.length} patches together, every finding they fix is gone`,
              verdict.lighter,
              verdict.durationMs,
              winners.reduce((sum, w) => sum + w.growsMs, 0),
            )
          : `re-inspected with all ${winners.length} patches together: ${verdict.reason}`,
      },
      session,
      tried,
    );
  } finally {
    await session.close();
  }
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
  if (stays) return { ok: false, reason: `the finding stays (${clip(stays.finding.description, 160)})` };
  const fresh = found.filter(
    (f) =>
      SEVERITY_RANK[f.finding.severity] >= 1 &&
      !baseline.some((b) => same(b, f) && SEVERITY_RANK[b.finding.severity] >= SEVERITY_RANK[f.finding.severity]),
  );
  if (fresh.length) return { ok: false, reason: `a new ${fresh[0].finding.severity} finding: ${clip(fresh[0].finding.description, 160)}` };
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
    ? `the timeline grows by exactly the wait added (${(growsMs / 1000).toFixed(2)} s, to ${(durationMs / 1000).toFixed(2)} s)`
    : `the timeline keeps its length (${(durationMs / 1000).toFixed(2)} s)`;
  return `re-inspected, ${what}, ${news}, ${length}`;
}

function verified(target: Target, candidate: Candidate, patch: AppliedPatch, sentence: string, files: number): FindingFix {
  const change = patch.changes
    .map((c) => `${files > 1 ? `${c.file} ` : ''}line ${c.line}: \`${clip(c.before, 160)}\` → \`${clip(c.after, 200)}\``)
    .join('; ');
  return {
    finding: target.fix,
    verdict: 'verified',
    change: change || candidate.label,
    diff: patch.diff,
    reinspection: sentence,
    suggestedFix: `${change || candidate.label}; verified: ${sentence}`,
    candidatesTried: target.candidates.indexOf(candidate) + 1,
  };
}

/** A finding no candidate fixed: `none` when none could be computed, else `unverified`, with why; today's advice kept. */
function unfixed(target: Target, tried: number, why: string | null): FindingFix {
  const none = target.candidates.length === 0;
  const reinspection = none
    ? `no edit is computed for this finding${RULE_REPAIRS.has(target.rule) ? ' from its recorded geometry' : ` (${target.rule.category}: too many things at once has no single edit)`}`
    : tried === 0
      ? `not re-inspected: ${why ?? 'the re-inspection did not run'}`
      : `${tried} candidate edit${tried > 1 ? 's' : ''} re-inspected, none verified: ${why ?? 'no answer'}`;
  return {
    finding: target.fix,
    verdict: none ? 'none' : 'unverified',
    change: null,
    diff: {},
    reinspection,
    suggestedFix: `${target.fix.suggestedFix} (no verified fix: ${clip(reinspection, 200)})`,
    candidatesTried: tried,
  };
}
