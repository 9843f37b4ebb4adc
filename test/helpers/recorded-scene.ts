import type { IssueDraft } from '../../src/kinds';
import type { FrameManifest } from '../../src/media/manifest';
import { sceneFindings } from '../../src/scene/findings';
import type { SceneTimeline, SceneUnit, UnitState } from '../../src/scene/inspection';

/** Hand-made recordings for the scene rules' unit tests: a scene from units and samples, its manifest, its findings. */

export const W = 854;
export const H = 480;

export type Unit = Partial<SceneUnit> & { id: number };
export type State = Partial<UnitState> & { id: number; box: [number, number, number, number] };

export function scene(opts: {
  units: Unit[];
  /** [time ms, states, camera width (units)?] */
  samples: [number, State[], number?][];
  plays?: { start: number; end: number; line?: number; units?: number[]; animations?: string[] }[];
  durationMs: number;
  height?: number;
  background?: string;
}): SceneTimeline {
  const height = opts.height ?? H;
  const width = Math.round((height * 16) / 9);
  return {
    scene: 'Test',
    manim: '0.22.0',
    durationMs: opts.durationMs,
    width,
    height,
    fps: 15,
    frameWidth: 14.22,
    frameHeight: 8,
    units: Object.fromEntries(
      opts.units.map((u) => [
        String(u.id),
        {
          type: 'Text',
          text: `text ${u.id}`,
          file: 'scene.py',
          line: 10 + u.id,
          root: u.id,
          rootType: u.type ?? 'Text',
          isText: true,
          ...u,
        },
      ]),
    ),
    samples: opts.samples.map(([timeMs, states, cameraWidth]) => ({
      timeMs,
      camera: { x: 0, y: 0, width: cameraWidth ?? 14.22, height: 8 * ((cameraWidth ?? 14.22) / 14.22), orientation: [] },
      background: opts.background ?? '#000000',
      units: states.map((s) => ({
        z: s.id,
        fill: '#ffffff',
        fillOpacity: 1,
        stroke: null,
        strokeOpacity: 0,
        glyphPx: 20,
        behind: null,
        crossings: [],
        root: opts.units.find((u) => u.id === s.id)?.root ?? s.id,
        ...s,
      })),
    })),
    plays: (opts.plays ?? []).map((p, i) => ({
      i,
      start: p.start,
      end: p.end,
      file: 'scene.py',
      line: p.line ?? 40 + i,
      animations: p.animations ?? ['Transform'],
      units: p.units ?? [],
    })),
    lines: { 'scene.py:40': 'self.play(label.animate.shift(RIGHT * 7))' },
    notes: [],
  };
}

export const manifest = (durationMs: number, width = W, height = H): FrameManifest => ({
  durationMs,
  width,
  height,
  fps: 15,
  frames: Array.from({ length: 8 }, (_, i) => ({
    index: i,
    timestampMs: Math.round((durationMs * i) / 8),
    width: 768,
    height: 432,
    key: `f${i}`,
  })),
});

export const all = (t: SceneTimeline): (IssueDraft & { kind: string })[] =>
  [...sceneFindings(t, manifest(t.durationMs, t.width, t.height))].flatMap(([kind, issues]) => issues.map((i) => ({ ...i, kind })));
