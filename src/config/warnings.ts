import { ACTIVITY_TIMEOUT_SECONDS, LONGEST_ACTIVITY_SECONDS } from '../domain/activity-timeouts';
import type { Config } from '.';

/**
 * Settings that are each valid but contradict one another: the process still
 * starts (an operator may mean it for a test), and says so at start, naming both.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const { worker, judge, media, fragments } = config;
  if (worker.shutdownGraceSeconds <= LONGEST_ACTIVITY_SECONDS) {
    warnings.push(
      `EVALS_SHUTDOWN_GRACE_SECONDS (${worker.shutdownGraceSeconds} s) is not longer than the longest activity timeout (${LONGEST_ACTIVITY_SECONDS} s): ` +
        'a deploy cuts extractions and judge calls in progress short; set it above that (docs/operations.md)',
    );
  }
  if (media.downloadStallMs >= media.downloadTimeoutMs) {
    warnings.push(
      `EVALS_DOWNLOAD_STALL_SECONDS (${media.downloadStallMs / 1000} s) is not below EVALS_DOWNLOAD_TIMEOUT_SECONDS (${media.downloadTimeoutMs / 1000} s): the stall limit can never apply`,
    );
  }
  const extractionSeconds = (media.downloadTimeoutMs + media.extractTimeoutMs) / 1000;
  if (extractionSeconds >= ACTIVITY_TIMEOUT_SECONDS.extractFrames) {
    warnings.push(
      `EVALS_DOWNLOAD_TIMEOUT_SECONDS + EVALS_EXTRACT_TIMEOUT_SECONDS (${extractionSeconds} s) are not below the extraction activity's timeout (${ACTIVITY_TIMEOUT_SECONDS.extractFrames} s): ` +
        'a long animation is cut off by the activity timeout and retried instead of failing with its reason',
    );
  }
  const judgeSeconds = config.database.outageMs / 1000 + (2 * judge.timeoutMs) / 1000;
  if (judgeSeconds >= ACTIVITY_TIMEOUT_SECONDS.scoreEvalRun) {
    warnings.push(
      `EVALS_DATABASE_OUTAGE_SECONDS (${config.database.outageMs / 1000} s) plus a judge request and its re-ask (2 x EVALS_JUDGE_TIMEOUT_SECONDS) are not below the judge activity's timeout (${ACTIVITY_TIMEOUT_SECONDS.scoreEvalRun} s): ` +
        'an answer held through a long outage is cut off by the activity timeout (its retry still applies it from the heartbeat)',
    );
  }
  if (fragments.renderWait.pollIntervalMs > fragments.renderWait.limitMs) {
    warnings.push(
      `EVALS_RENDER_POLL_INTERVAL_SECONDS (${fragments.renderWait.pollIntervalMs / 1000} s) is above EVALS_RENDER_WAIT_LIMIT_SECONDS (${fragments.renderWait.limitMs / 1000} s): an unrendered fragment is read once more at most`,
    );
  }
  return warnings;
}
