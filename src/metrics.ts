import http from 'node:http';
import client from 'prom-client';

/**
 * The service's own Prometheus metrics. The worker's endpoint serves them together
 * with the Temporal runtime's (see serveMetrics).
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

// One registry for all of them; labels typed by their names.
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new client.Counter<L>({ name, help, labelNames, registers: [registry] });
const histogram = <L extends string>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) =>
  new client.Histogram<L>({ name, help, buckets, labelNames, registers: [registry] });
const gauge = (name: string, help: string) => new client.Gauge({ name, help, registers: [registry] });

export const metrics = {
  pipelineRuns: counter('evals_pipeline_runs_total', 'Pipeline runs finished by this worker, by status and overall status', [
    'status',
    'overall_status',
  ]),
  evalRuns: counter('evals_eval_runs_total', 'Eval runs finished by this worker, by kind and status', ['kind', 'status']),
  judgeLatency: histogram(
    'evals_judge_latency_seconds',
    'Judge provider call latency (time waiting for a judge slot excluded), by kind, model and outcome',
    [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
    ['kind', 'model', 'outcome'],
  ),
  judgeTokens: counter(
    'evals_judge_tokens_total',
    'Tokens used by judge calls, by kind, model and type (prompt, cached (of prompt), completion, image)',
    ['kind', 'model', 'type'],
  ),
  judgeCost: counter('evals_judge_cost_usd_total', 'Estimated judge cost in US dollars, by kind and model', ['kind', 'model']),
  judgeCallsWaiting: gauge('evals_judge_calls_waiting', 'Judge calls waiting for a slot (EVALS_JUDGE_CONCURRENCY)'),
  judgeCallsInFlight: gauge('evals_judge_calls_in_flight', 'Judge calls in progress'),
  framesExtracted: counter('evals_frames_extracted_total', 'Frames extracted from animations'),
  extractionSeconds: histogram(
    'evals_extraction_seconds',
    'Duration of frame extraction activities that extracted frames (download, probe, decode, store)',
    [0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320, 600],
  ),
  badInputs: counter(
    'evals_bad_inputs_total',
    'Activities that failed permanently (bad input or configuration, no retry), by reason and activity',
    ['reason', 'activity'],
  ),
  infrastructureFailures: counter(
    'evals_infrastructure_failures_total',
    'Activity attempts that failed for a fault of the worker or a service it needs (retried), by component (database, disk, ffmpeg) and activity',
    ['component', 'activity'],
  ),
};

/**
 * The paths of the metrics port: Prometheus metrics, liveness (the process
 * answers) and readiness (polling Temporal and not draining). The chart's
 * probes read them from here.
 */
export const PROBE_PATHS = { metrics: '/metrics', liveness: '/healthz', readiness: '/readyz' } as const;

/**
 * Serves the metrics port: GET /metrics, this process's registry followed by
 * the Temporal runtime's own exposition, which Core serves on a loopback port
 * (`runtimeMetricsUrl`); both are Prometheus text format with disjoint names
 * (evals_*, process_*, nodejs_* vs temporal_*), so one scrape target gives the
 * whole worker. GET /healthz answers 200 while the process runs; GET /readyz
 * 200 when `notReady` finds nothing wrong, else 503 with the reason.
 */
export function serveMetrics(opts: {
  host: string;
  port: number;
  runtimeMetricsUrl?: string;
  notReady: () => Promise<string | undefined>;
}): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = req.method === 'GET' ? new URL(req.url ?? '/', 'http://metrics').pathname : undefined;
    const text = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(`${body}\n`);
    if (path === PROBE_PATHS.liveness) {
      text(200, 'alive');
    } else if (path === PROBE_PATHS.readiness) {
      void opts.notReady().then(
        (reason) => (reason === undefined ? text(200, 'ready') : text(503, `not ready: ${reason}`)),
        (err: Error) => text(503, `not ready: ${err.message}`),
      );
    } else if (path === PROBE_PATHS.metrics) {
      void scrape(opts.runtimeMetricsUrl).then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        (err: Error) => res.writeHead(500).end(`${err.message}\n`),
      );
    } else {
      text(404, 'not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}

async function scrape(runtimeMetricsUrl: string | undefined): Promise<string> {
  const own = await registry.metrics();
  if (!runtimeMetricsUrl) return own;
  try {
    const response = await fetch(runtimeMetricsUrl, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return `${own}\n${await response.text()}`;
  } catch (err) {
    // The service's metrics still matter when the runtime's exporter is unavailable.
    return `${own}\n# Temporal runtime metrics unavailable: ${(err as Error).message}\n`;
  }
}
