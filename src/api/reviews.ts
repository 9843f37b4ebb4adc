import crypto from 'node:crypto';
import type http from 'node:http';
import type pg from 'pg';
import { z } from 'zod';
import { addMissedIssue, completeReview, reviewIssue } from '../db/reviews';
import type { EvalKind } from '../domain/types';
import { KINDS } from '../kinds';
import { FRAME_KINDS } from '../kinds/answer';
import { getRunReviews } from '../read-model/reviews';
import { pipelineRunReport } from '../report/report';
import type { Recent, RenderLimit } from './cache';
import { type Answer, HttpError, isJson, readBody } from './http';

/**
 * A review posted to `{basePath}/reports/pipeline-runs/{id}/reviews` by a
 * reviewer's key, one of:
 *   { "issueId": "...", "verdict": "right" | "wrong" }    a verdict on one of the judge's issues
 *   { "missed": { "kind", "category", "frameIndex", "x", "y" } }   an issue it missed, at a point of a frame
 *   { "complete": true }                                   the reviewer went through the whole run
 * Answered 201 with what was stored, 400 naming the field at fault, 404 when
 * the run has no such issue or frame.
 */

// z.enum wants a non-empty tuple.
const FRAME_KIND_NAMES = FRAME_KINDS as [EvalKind, ...EvalKind[]];
const fraction = z
  .number({ error: () => 'must be a number from 0 to 1' })
  .min(0, 'must be from 0 to 1')
  .max(1, 'must be from 0 to 1');

const VerdictBody = z
  .object({ issueId: z.string().min(1).max(200), verdict: z.enum(['right', 'wrong'], { error: () => 'must be right or wrong' }) })
  .strict();
const MissedBody = z
  .object({
    missed: z
      .object({
        kind: z.enum(FRAME_KIND_NAMES, { error: () => `must be one of ${FRAME_KINDS.join(', ')}` }),
        category: z.string(),
        frameIndex: z.number().int('must be a whole number').min(0, 'must be 0 or more'),
        x: fraction,
        y: fraction,
      })
      .strict()
      .superRefine((m, ctx) => {
        if (!KINDS[m.kind].categories.includes(m.category))
          ctx.addIssue({
            code: 'custom',
            message: `must be a category of ${m.kind} (${KINDS[m.kind].categories.join(', ')})`,
            path: ['category'],
          });
      }),
  })
  .strict();
const CompleteBody = z.object({ complete: z.literal(true, { error: () => 'must be true' }) }).strict();

export interface ReviewAnswer {
  status: number;
  body: unknown;
}

const problem = (status: number, error: string): ReviewAnswer => ({ status, body: { error } });

function parsed<T>(schema: z.ZodType<T>, json: unknown): T | ReviewAnswer {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  return problem(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
}
const isAnswer = (value: unknown): value is ReviewAnswer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

export async function applyReview(pool: pg.Pool, pipelineRunId: string, reviewer: string, text: string): Promise<ReviewAnswer> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return problem(400, 'the review is not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return problem(400, 'a review is {issueId, verdict}, {missed: {kind, category, frameIndex, x, y}} or {complete: true}');
  if ('issueId' in json) {
    const body = parsed(VerdictBody, json);
    if (isAnswer(body)) return body;
    const stored = await reviewIssue(pool, { pipelineRunId, issueId: body.issueId, reviewer, verdict: body.verdict });
    return stored ? { status: 201, body: { verdict: stored } } : problem(404, 'issue not found in this pipeline run');
  }
  if ('missed' in json) {
    const body = parsed(MissedBody, json);
    if (isAnswer(body)) return body;
    const stored = await addMissedIssue(pool, { pipelineRunId, reviewer, ...body.missed });
    return stored
      ? { status: 201, body: { missed: stored } }
      : problem(404, 'frame not found in this pipeline run (or its frames were pruned)');
  }
  if ('complete' in json) {
    const body = parsed(CompleteBody, json);
    if (isAnswer(body)) return body;
    return { status: 201, body: { completed: await completeReview(pool, { pipelineRunId, reviewer }) } };
  }
  return problem(400, 'a review is {issueId, verdict}, {missed: {kind, category, frameIndex, x, y}} or {complete: true}');
}

const MAX_REVIEW_BYTES = 16 * 1024;
const tooLarge = () => new HttpError(413, `a review is at most ${MAX_REVIEW_BYTES / 1024} KB`);

/** A review must be JSON from this server's own page: a form or another site cannot post one with the browser's credentials. */
export function checkReviewRequest(req: http.IncomingMessage): void {
  if (!isJson(req)) throw new HttpError(415, 'a review is JSON (content-type: application/json)');
  const origin = req.headers.origin;
  const otherOrigin = origin !== undefined && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`;
  // A browser that sends no Origin still says where a request comes from: only this origin, or no page at all (`none`), may post.
  const site = req.headers['sec-fetch-site'];
  const otherSite = site !== undefined && site !== 'same-origin' && site !== 'none';
  if (otherOrigin || otherSite) throw new HttpError(403, "a review must come from this server's report page");
  if (Number(req.headers['content-length'] ?? 0) > MAX_REVIEW_BYTES) throw tooLarge();
}

/**
 * What is never cached: a run's reviews (read or posted), and the report a
 * reviewer reviews on, rendered for them with the controls and a script
 * allowed by a nonce of its own.
 */
export async function reviewAnswer(
  pool: pg.Pool,
  memory: { renders: RenderLimit; endedVersions: Recent<string> },
  req: http.IncomingMessage,
  at: { pipelineRunId: string; ownerUserId: string; reviewer: string | null; operation: 'report' | 'reviews'; versionKey: string },
): Promise<Answer> {
  const noStore = { 'cache-control': 'no-store' };
  if (at.operation === 'report') {
    const nonce = crypto.randomBytes(18).toString('base64');
    const page = await memory.renders.run(`${at.pipelineRunId}|review|${nonce}`, async () => {
      const html = await pipelineRunReport(pool, at.pipelineRunId, {
        ownerUserId: at.ownerUserId,
        controls: { reviewer: at.reviewer!, nonce },
      });
      if (html === null) throw new HttpError(404, 'pipeline run not found');
      return Buffer.from(html);
    });
    const csp = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'`;
    return { status: 200, body: page, html: true, headers: { ...noStore, 'content-security-policy': csp } };
  }
  if (req.method !== 'POST')
    return {
      status: 200,
      body: { pipelineRunId: at.pipelineRunId, reviews: await getRunReviews(pool, at.pipelineRunId) },
      headers: noStore,
    };
  const answer = await applyReview(pool, at.pipelineRunId, at.reviewer!, await readBody(req, MAX_REVIEW_BYTES, tooLarge));
  // The run's answers now show this review: forget its remembered version.
  memory.endedVersions.delete(at.versionKey);
  return { ...answer, headers: noStore };
}
