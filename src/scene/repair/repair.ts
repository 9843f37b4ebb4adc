import type { SceneSettings } from '../../config';
import type { SceneSource } from '../../fragments/scene-sources';
import type { FrameManifest } from '../../media/manifest';
import type { SceneTimeline } from '../inspection';
import type { VideoFacts } from '../inspector';
import type { SceneRepair } from '.';

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

export async function repairScene(_input: RepairInput): Promise<SceneRepair> {
  throw new Error('repairScene is being built (issue 30)');
}
