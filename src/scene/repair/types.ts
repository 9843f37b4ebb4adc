import type { EvalKind, Severity } from '../../domain/types';

/** The shapes of a scene's repair: source edits, candidates, and what a repair returns (docs/fixes.md). */

/** One edit on a scene's source, applied on Python's syntax tree by scene-inspector/patch_scene.py. */
export type SourceEdit = {
  /** One of the fragment's own source files, never anything else. */
  file: string;
  /** The line the finding names (where the object was made or placed, or the play). */
  line: number;
  /**
   * The line of `file` that made the object the edit is about: the name its
   * assignment binds (or `self.x`) stands for `__object__` in the op's
   * expressions, and picks the object's own expression in a `self.play(...)`
   * or `self.add(...)` for a chain. An edit that needs the name and cannot
   * resolve it is invalid, with the reason.
   */
  object?: number;
  /**
   * A line of `file` that made one of a group's members: `__group__` in the op's expressions stands for the
   * group it was put in (`labels.add(Text(...))`, `words = VGroup(*[Text(w) for w in ...])`), by its name.
   */
  member?: number;
  /** What to do there; the expression texts are parsed as Python, never spliced as text. */
  op:
    | { kind: 'keyword'; call: string; keyword: string; value: string } // set/replace a keyword argument of the call named `call` at `line` (next_to buff=0.45, Text font_size=36, color="#F0F0F0")
    | { kind: 'chain'; call: string } // append a method call to the object's expression at `line` (`shift(0.4 * LEFT)`)
    | { kind: 'animate'; animation: string } // add an animation to the self.play(...) at `line` (`FadeOut(__object__)`), so the timeline keeps its length
    | { kind: 'wait'; seconds: number } // hold the scene longer after the statement at `line` (the timeline grows by it)
    | { kind: 'before'; statement: string }; // run an expression just before the statement at `line`, on that line (`__group__.arrange_in_grid(...)`)
};

export interface Candidate {
  id: string;
  label: string;
  edits: SourceEdit[];
  /** Smaller wins: how much the edit changes (scene units moved, scale or colour change), plus its edit count. */
  size: number;
  /** How much the edit lengthens the timeline, ms (a wait added); verified exactly. Absent: it keeps its length. */
  growsMs?: number;
}

/** `verified`: a candidate passed re-inspection; `unverified`: candidates were tried and none passed; `none`: no edit could be computed. */
export type RepairVerdict = 'verified' | 'unverified' | 'none';

export interface FindingRepair {
  /** The finding as sceneFindings() produced it. */
  finding: {
    kind: EvalKind;
    category: string;
    severity: Severity;
    description: string;
    suggestedFix: string;
    frameIndex: number | null;
    location: string | null;
  };
  verdict: RepairVerdict;
  /** The winning edit as one line per change: "line 12: `.next_to(circle, RIGHT)` → `.next_to(circle, RIGHT).shift(0.4 * LEFT)`". */
  change: string | null;
  /** Unified diff per file (keys: the fragment's file names). */
  diff: Record<string, string>;
  /** What re-inspection showed, as a sentence, or why nothing verified. */
  reinspection: string;
  /** The suggestedFix to store on the issue: the change and that it was verified, or today's advice and that nothing verified. */
  suggestedFix: string;
  candidatesTried: number;
}

export interface SceneRepair {
  fixes: FindingRepair[];
  /** All verified patches applied together, verified again as one patch; `files` holds the patched texts of the fragment's files it changes. */
  combined: { verdict: RepairVerdict; diff: Record<string, string>; files: Record<string, string>; reinspection: string };
  wallMs: number;
  /** CPU of the whole repair in its sandbox (Manim's import, the baseline and every candidate, TeX included). */
  cpuSeconds: number | null;
  /** CPU of importing Manim once, paid by the first re-inspection only. */
  importCpuSeconds: number | null;
  /** Candidates re-inspected (the combined patch included). */
  candidates: number;
  /** What the repair could spend (from what inspecting the scene cost), and whether it reached that before trying every defect. */
  budget: RepairBudget;
}

/** A repair's budget (docs/fixes.md, "The budget"): candidates re-inspected at most, wall time at most. */
export interface RepairBudget {
  candidates: number;
  wallMs: number;
  /** The repair stopped at the budget: some defects were not tried, or not with every candidate. */
  reached: boolean;
}
