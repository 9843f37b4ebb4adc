import { z } from 'zod';
import type { SceneSettings } from '../../config';
import type { SceneSource } from '../../fragments/scene-sources';
import type { SandboxSession } from '../../infra/sandbox';
import { JobResultSchema, timelineOf, type SceneTimeline } from '../inspection';
import { manimRate, quotedLines, timelineToleranceMs, type VideoFacts } from '../inspector';
import { lastLine, sceneTexCache, startSceneSession, stoppedReason } from '../programs';
import type { SourceEdit } from './types';

/** The warm re-inspection program, in scene-inspector/ (docs/fixes.md, "Edits and verification"). */
const SESSION_PROGRAM = 'repair_session.py';

const text = z.string().max(512 * 1024);
const Patch = {
  files: z.record(z.string().max(500), text),
  diff: z.record(z.string().max(500), text),
  changes: z.array(z.object({ file: z.string().max(500), line: z.number().int().min(0), before: text, after: text })).max(1000),
  cpuSeconds: z.number().finite().min(0),
};
const Answer = z.discriminatedUnion('status', [
  z.object({ id: z.string().max(100), status: z.literal('invalid'), reason: z.string().max(1000) }),
  z.object({ id: z.string().max(100), status: z.literal('stopped'), reason: z.string().max(1000), ...Patch }),
  z.object({ id: z.string().max(100), status: z.literal('ran'), result: JobResultSchema, ...Patch }),
]);
const Ready = z.union([
  z.object({ ready: z.literal(true), manim: z.string().max(100), importCpuSeconds: z.number().finite().min(0) }),
  z.object({ ready: z.literal(false), error: z.string().max(4000) }),
]);

/** A patch as applied: the fragment's files it changes, their diffs, and each edit's change. */
export interface AppliedPatch {
  files: Record<string, string>;
  diff: Record<string, string>;
  changes: { file: string; line: number; before: string; after: string }[];
}

export type CandidateRun =
  | { status: 'invalid'; reason: string }
  | { status: 'failed'; reason: string; patch: AppliedPatch; cpuSeconds: number }
  | { status: 'ran'; timeline: SceneTimeline; patch: AppliedPatch; cpuSeconds: number; tex: z.infer<typeof JobResultSchema>['tex'] | null };

/**
 * One sandboxed Python process for a repair: Manim imported once, each
 * candidate inspected in a forked child. Everything it answers is validated,
 * and only the fragment's own file names are taken from it.
 */
export class RepairSession {
  private count = 0;
  /** CPU of the candidates so far (the kernel's count for each child, TeX included). */
  candidateCpuSeconds = 0;

  private constructor(
    private readonly session: SandboxSession,
    private readonly sources: readonly SceneSource[],
    private readonly limits: SceneSettings['limits'],
    readonly manim: string,
    readonly importCpuSeconds: number,
  ) {}

  /**
   * Opens a session that the sandbox stops after `wallMs` (the repair's budget), whatever it is doing. Its
   * candidates run as the scene was inspected (`still`); `drawnByChance` false when its inspection found
   * nothing unseeded randomness placed or coloured, so they need not run twice to find it.
   */
  static async open(
    sources: readonly SceneSource[],
    scene: string,
    video: VideoFacts & { still?: boolean; drawnByChance: boolean },
    settings: SceneSettings,
    wallMs: number,
    cancel?: AbortSignal,
  ): Promise<RepairSession | { failure: string }> {
    const limits = { ...settings.limits, wallMs };
    const session = startSceneSession(SESSION_PROGRAM, settings, limits, cancel);
    if ('refused' in session) return { failure: session.refused };
    const job = {
      scene,
      width: video.width,
      height: video.height,
      fps: manimRate(video.fps),
      durationMs: video.durationMs,
      toleranceMs: timelineToleranceMs(video.fps),
      ...(video.still ? { still: true } : {}),
      ...(video.drawnByChance ? {} : { followSeeding: false }),
    };
    const first = JSON.stringify({
      files: Object.fromEntries(sources.map((s) => [s.name, s.content])),
      job,
      candidateSeconds: settings.limits.wallMs / 1000,
      texCache: sceneTexCache(settings),
      // Each candidate's fresh /tmp, as large as the sandbox's own.
      scratchBytes: settings.limits.scratchBytes,
    });
    const line = await session.request(first);
    const ready = line === null ? null : Ready.safeParse(safeJson(line));
    if (!ready?.success || !ready.data.ready) {
      const ended = await session.close(0);
      const why =
        ready?.success && !ready.data.ready
          ? ready.data.error
          : ended.stopped
            ? stoppedReason(ended.stopped, limits)
            : lastLine(ended.stderrTail);
      return { failure: `the repair's re-inspection did not start (${why || `exit ${ended.exitCode}`})` };
    }
    return new RepairSession(session, sources, limits, ready.data.manim, ready.data.importCpuSeconds);
  }

  /** Applies the edits to a copy of the sources and re-inspects the scene. */
  async inspect(edits: readonly SourceEdit[]): Promise<CandidateRun> {
    const id = `c${++this.count}`;
    const line = await this.session.request(JSON.stringify({ id, edits }));
    if (line === null) {
      const ended = await this.session.close(0);
      return {
        status: 'failed',
        reason: `the re-inspection stopped${ended.stopped ? ` (the session ${stoppedReason(ended.stopped, this.limits)})` : ''}`,
        patch: { files: {}, diff: {}, changes: [] },
        cpuSeconds: 0,
      };
    }
    const parsed = Answer.safeParse(safeJson(line));
    if (!parsed.success || parsed.data.id !== id) {
      return {
        status: 'failed',
        reason: 'the re-inspection answered something malformed',
        patch: { files: {}, diff: {}, changes: [] },
        cpuSeconds: 0,
      };
    }
    const answer = parsed.data;
    if (answer.status === 'invalid') return { status: 'invalid', reason: answer.reason };
    this.candidateCpuSeconds += answer.cpuSeconds;
    // Only the fragment's own files: whatever else an answer names is not taken.
    const own = new Set(this.sources.map((s) => s.name));
    const mine = (r: Record<string, string>) => Object.fromEntries(Object.entries(r).filter(([name]) => own.has(name)));
    const patch = { files: mine(answer.files), diff: mine(answer.diff), changes: answer.changes.filter((c) => own.has(c.file)) };
    if (answer.status === 'stopped')
      return { status: 'failed', reason: `the patched scene ${answer.reason}`, patch, cpuSeconds: answer.cpuSeconds };
    const result = answer.result;
    if (result.status !== 'ok') {
      const why = result.status === 'error' ? `raised ${result.error ?? 'an error'}` : (result.error ?? result.status);
      return { status: 'failed', reason: `the patched scene ${why}`, patch, cpuSeconds: answer.cpuSeconds };
    }
    const patched = this.sources.map((s) => ({ name: s.name, content: patch.files[s.name] ?? s.content }));
    const timeline = timelineOf(result, this.manim, quotedLines(patched, [result]));
    if (!timeline)
      return { status: 'failed', reason: 'the patched scene answered an incomplete timeline', patch, cpuSeconds: answer.cpuSeconds };
    return { status: 'ran', timeline, patch, cpuSeconds: answer.cpuSeconds, tex: result.tex ?? null };
  }

  async close(): Promise<void> {
    await this.session.close();
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
