import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { EVAL_KINDS, type EvalKind } from '../src/domain/types';
import { ENGAGEMENT_CRITERIA } from '../src/kinds/engagement-rubric';
import { VISUAL_CRITERIA } from '../src/kinds/visual-rubric';
import { imageTokens, type ImageDetail } from '../src/providers/pricing';

/**
 * An OpenAI-compatible chat completions server on loopback, for the real
 * `openai` client. Each request is recorded; replies come from a per-kind
 * queue, else a passing answer. Usage is computed from the request: text at
 * about four characters per token, images by OpenAI's published rules for the
 * requested model and detail (read from the decoded image's size).
 */

export type FakeReply =
  /** A well-formed completion whose content is this value as JSON. */
  | { answer: unknown }
  /** A completion whose content is this raw text (broken JSON, prose). */
  | { content: string }
  /** An HTTP error. */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Accepts the request and never answers. */
  | { hang: true };

export interface FakeRequest {
  body: any;
  headers: http.IncomingHttpHeaders;
  /** The kind the request is for; null when it names none. */
  kind: EvalKind | null;
  /** 1-based count of requests for this kind since the last reset. */
  attempt: number;
  receivedAt: number;
  usage: { prompt_tokens: number; completion_tokens: number };
}

export interface FakeOpenAI {
  baseUrl: string;
  requests: FakeRequest[];
  requestsFor(kind: EvalKind): FakeRequest[];
  /** Replies for the next requests of a kind, in order. */
  queue(kind: EvalKind, ...replies: FakeReply[]): void;
  /** The answer given to a kind once its queue is empty (default: a clean pass). */
  setAnswer(kind: EvalKind, answer: unknown): void;
  reset(): void;
  close(): Promise<void>;
}

export function passingAnswer(kind: EvalKind): unknown {
  const rubric = (criteria: readonly { name: string; maxScore: number }[]) => ({
    criteria: Object.fromEntries(criteria.map((c) => [c.name, { score: c.maxScore, reason: 'Good.' }])),
    summary: 'Solid work.',
    issues: [],
  });
  if (kind === 'VISUAL_RUBRIC_JSON') return rubric(VISUAL_CRITERIA);
  if (kind === 'ENGAGEMENT_RUBRIC_JSON') return rubric(ENGAGEMENT_CRITERIA);
  return { score: 95, summary: 'No problems found.', issues: [] };
}

/** By the schema name, or (JSON mode names no schema) the kind named in the system message. */
function kindOf(body: any): EvalKind | null {
  const name: unknown = body?.response_format?.json_schema?.name;
  if (name) return EVAL_KINDS.find((k) => name === `${k.toLowerCase()}_answer`) ?? null;
  const system: unknown = body?.messages?.find((m: any) => m.role === 'system')?.content;
  return typeof system === 'string' ? (EVAL_KINDS.find((k) => system.includes(`(${k})`)) ?? null) : null;
}

async function promptTokens(body: any): Promise<number> {
  let chars = 0;
  let images = 0;
  for (const message of body.messages ?? []) {
    const parts = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
    for (const part of parts) {
      if (part.type === 'text') chars += part.text.length;
      if (part.type === 'image_url') {
        const base64 = String(part.image_url.url).replace(/^data:[^,]*,/, '');
        const { width = 0, height = 0 } = await sharp(Buffer.from(base64, 'base64')).metadata();
        images += imageTokens(body.model, width, height, (part.image_url.detail ?? 'auto') as ImageDetail);
      }
    }
  }
  chars += JSON.stringify(body.response_format ?? {}).length;
  return Math.ceil(chars / 4) + images;
}

export async function startFakeOpenAI(opts: { apiKey?: string; models?: string[] } = {}): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const queues = new Map<EvalKind, FakeReply[]>();
  const answers = new Map<EvalKind, unknown>();

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      send(res, 404, { error: { message: `no route ${req.method} ${req.url}`, type: 'invalid_request_error' } });
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const kind = kindOf(body);
    const usage = { prompt_tokens: await promptTokens(body), completion_tokens: 0 };
    const record: FakeRequest = {
      body,
      headers: req.headers,
      kind,
      attempt: requests.filter((r) => r.kind === kind).length + 1,
      receivedAt: Date.now(),
      usage,
    };
    requests.push(record);

    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (opts.apiKey && bearer !== opts.apiKey) {
      // As the real service does, the error echoes (part of) the key it was given.
      send(res, 401, { error: { message: `Incorrect API key provided: ${bearer}.`, type: 'invalid_request_error', code: 'invalid_api_key' } });
      return;
    }
    if (opts.models && !opts.models.includes(body.model)) {
      send(res, 404, { error: { message: `The model \`${body.model}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', code: 'model_not_found' } });
      return;
    }
    const reply: FakeReply = (kind && queues.get(kind)?.shift()) || { answer: kind ? (answers.get(kind) ?? passingAnswer(kind)) : {} };
    if ('hang' in reply) return;
    if ('status' in reply) {
      send(res, reply.status, reply.body ?? { error: { message: `fake error ${reply.status}`, type: 'server_error' } }, reply.headers);
      return;
    }
    const content = 'content' in reply ? reply.content : JSON.stringify(reply.answer);
    usage.completion_tokens = Math.ceil(content.length / 4);
    send(res, 200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsFor: (kind) => requests.filter((r) => r.kind === kind),
    queue(kind, ...replies) {
      queues.set(kind, [...(queues.get(kind) ?? []), ...replies]);
    },
    setAnswer(kind, answer) {
      answers.set(kind, answer);
    },
    reset() {
      requests.length = 0;
      queues.clear();
      answers.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
