import type http from 'node:http';
import type pg from 'pg';
import { pipelineRunReport } from '../report/report';
import { getRunFixes } from '../read-model/fixes';
import { getPipelineRun, listIssues } from '../read-model/read-model';
import { HttpError } from './http';

/**
 * The read API's routes: what a request's URL and method name, checked before
 * anything else (no key, no database), and what each read route answers.
 */

export type Operation = 'health' | 'getPipelineRun' | 'listIssues' | 'listFixes' | 'report' | 'reviews' | 'screen';
export type Route = { operation: Operation; encodedId: string };

const HEALTH_PATH = '/healthz';
const MAX_URL_LENGTH = 2048;
const READ_METHODS = ['GET', 'HEAD'];
const BOOLEAN_FLAGS: Record<string, boolean> = { '0': false, '1': true, false: false, true: true };
// C0 and C1 control characters and DEL: no run id holds one, and PostgreSQL refuses NUL outright.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

function route(pathname: string, basePath: string): Route | null {
  if (pathname === HEALTH_PATH) return { operation: 'health', encodedId: '' };
  if (!pathname.startsWith(`${basePath}/`)) return null;
  const segments = pathname.slice(basePath.length + 1).split('/');
  if (segments.length === 2 && segments[0] === 'evals' && segments[1] === 'user-input') return { operation: 'screen', encodedId: '' };
  if ((segments[0] !== 'evals' && segments[0] !== 'reports') || segments[1] !== 'pipeline-runs' || !segments[2]) return null;
  const encodedId = segments[2];
  if (segments[0] === 'reports') {
    if (segments.length === 3) return { operation: 'report', encodedId };
    return segments.length === 4 && segments[3] === 'reviews' ? { operation: 'reviews', encodedId } : null;
  }
  if (segments.length === 3) return { operation: 'getPipelineRun', encodedId };
  if (segments.length === 4 && segments[3] === 'issues') return { operation: 'listIssues', encodedId };
  if (segments.length === 4 && segments[3] === 'fixes') return { operation: 'listFixes', encodedId };
  return null;
}

const methodsOf = (operation: Operation) =>
  operation === 'screen' ? ['POST'] : operation === 'reviews' ? [...READ_METHODS, 'POST'] : READ_METHODS;

/** The request's route and query: 414, 400, 404 or 405 when it has none. */
export function routeOf(req: http.IncomingMessage, basePath: string): Route & { query: URLSearchParams } {
  if ((req.url ?? '').length > MAX_URL_LENGTH) throw new HttpError(414, 'request URL too long');
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://api.invalid');
  } catch {
    throw new HttpError(400, 'malformed request URL');
  }
  const target = route(url.pathname, basePath);
  if (!target) throw new HttpError(404, 'no such route');
  const allowed = methodsOf(target.operation);
  if (!allowed.includes(req.method ?? ''))
    throw new HttpError(405, `method ${req.method} not allowed: use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}`, undefined, {
      allow: allowed.join(', '),
    });
  return { ...target, query: url.searchParams };
}

export function includeIssuesOf(query: URLSearchParams): boolean {
  const values = query.getAll('includeIssues');
  if (values.length === 0) return false;
  if (values.length > 1 || !(values[0] in BOOLEAN_FLAGS)) throw new HttpError(400, 'includeIssues must be one of 0, 1, true, false');
  return BOOLEAN_FLAGS[values[0]];
}

/** The decoded run id, or a 400 for an encoding that does not decode or a control character. */
export function decodeRunId(encodedId: string): string {
  let id: string;
  try {
    id = decodeURIComponent(encodedId);
  } catch {
    throw new HttpError(400, 'malformed pipeline run id');
  }
  if (CONTROL_CHARACTER.test(id)) throw new HttpError(400, 'malformed pipeline run id');
  return id;
}

/** The bytes a read route answers for a run the caller owns: a JSON shape, or the report page. */
export async function readRoute(
  pool: pg.Pool,
  operation: 'getPipelineRun' | 'listIssues' | 'listFixes' | 'report',
  at: { pipelineRunId: string; ownerUserId: string; includeIssues: boolean },
): Promise<Buffer> {
  const { pipelineRunId, ownerUserId } = at;
  const answer =
    operation === 'report'
      ? await pipelineRunReport(pool, pipelineRunId, { ownerUserId })
      : operation === 'getPipelineRun'
        ? await getPipelineRun(pool, pipelineRunId, { includeIssues: at.includeIssues, ownerUserId })
        : operation === 'listFixes'
          ? await getRunFixes(pool, pipelineRunId, { ownerUserId })
          : await listIssues(pool, pipelineRunId, { ownerUserId });
  if (answer === null) throw new HttpError(404, 'pipeline run not found');
  if (answer === 'none') throw new HttpError(404, 'this pipeline run has no fixes (its scene was not repaired)');
  return Buffer.from(typeof answer === 'string' ? answer : JSON.stringify(answer));
}
