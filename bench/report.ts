/**
 * Size and render time of the visual report of a 16-frame 1080p pipeline run,
 * with frames stored at the default judge width (768 px) and at full size:
 *   npm run bench:report
 */
import { upscaledTo1080p } from '../testkit/videos';
import fs from 'node:fs';
import path from 'node:path';
import { startEvalPipeline } from '../src/client';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { createLogger } from '../src/logger';
import { pipelineRunReport } from '../src/report/report';
import { activityDeps, createWorker } from '../src/worker';
import { installRuntime } from '../src/infra/temporal-runtime';
import { corpusFile, MANIM_CORPUS } from '../testkit/manim-corpus';
import { openOfflineStack, runMain } from '../testkit/offline-env';

async function main(): Promise<void> {
  installRuntime(createLogger('error'));
  for (const width of ['768', '1920']) {
    const stack = await openOfflineStack('bench-report', { EVALS_JUDGE_FRAME_WIDTH: width });
    try {
      const source = corpusFile(MANIM_CORPUS, MANIM_CORPUS.videos.find((v) => v.scene === 'DefectLabelOverShape')!);
      const video = path.join(stack.dataDir, 'label-over-shape-1080p.mp4');
      upscaledTo1080p(resolveMediaTools(stack.config).ffmpeg, source, video);
      const log = createLogger('error');
      const worker = await createWorker({
        connection: stack.temporal.nativeConnection,
        config: stack.config,
        deps: activityDeps(stack.config, stack.db.pool, log, { allowLocalFiles: true }),
      });
      const handle = await startEvalPipeline(stack.temporal.client, stack.config.temporal.taskQueue, {
        fragmentId: `bench-report-${width}`,
        projectId: 'bench',
        userId: 'bench',
        animation: { url: video },
      });
      const { pipelineRunId } = await worker.runUntil(handle.result());
      const times: number[] = [];
      let html = '';
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        html = (await pipelineRunReport(stack.db.pool, pipelineRunId))!;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const frames = (html.match(/<figure id="frame-/g) ?? []).length;
      console.log(
        `1080p run, ${frames} frames stored at ${width} px: report ${(Buffer.byteLength(html) / 1024 / 1024).toFixed(2)} MB, made in ${Math.round(times[2])} ms (median of 5: read from PostgreSQL, frames inlined, signal strip drawn)`,
      );
      if (width === '768') fs.writeFileSync(path.join(stack.dataDir, 'report.html'), html);
    } finally {
      await stack.close();
    }
  }
}

runMain('bench:report', main);
