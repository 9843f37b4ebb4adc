import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { EVAL_KINDS, type EvalKind } from '../src/domain/types';
import { KINDS } from '../src/kinds';
import { FRAME_KINDS } from '../src/kinds/answer';
import type { KindInput } from '../src/kinds';
import type { LoadedFrame } from '../src/media/manifest';
import { OPENAI_PRICING } from '../src/providers/openai-pricing';
import type { ImageDetail } from '../src/providers/prompt';

/**
 * An OpenAI-compatible chat completions server on loopback, for the real
 * `openai` client. Each request is recorded; replies come from a per-kind
 * queue, else a passing answer. Usage is computed from the request: text at
 * about four characters per token, images by OpenAI's published rules for the
 * requested model and detail (read from the decoded image's size).
 *
 * Prompt caching as OpenAI documents it: a prompt of 1,024 tokens or more
 * reuses the longest prefix it shares with a prompt processed before (text,
 * images and the structured-output schema, which precedes the system message),
 * counted in 128-token steps from 1,024, reported as
 * `usage.prompt_tokens_details.cached_tokens`. A prompt enters the cache once it
 * has been answered, so requests sent at the same moment do not hit each other.
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
  /** The kind the request is for; null when it names none or several. */
  kind: EvalKind | null;
  /** Every kind the request asks for (several in combined mode). */
  kinds: EvalKind[];
  /** 1-based count of requests for this kind since the last reset. */
  attempt: number;
  receivedAt: number;
  usage: { prompt_tokens: number; completion_tokens: number; prompt_tokens_details: { cached_tokens: number } };
}

/** What a request showed the judge: its labelled frames (decoded) and the content's text, read back from the request. */
export interface SeenContent {
  frames: LoadedFrame[];
  input: KindInput;
}

/** Answers a kind from what the request showed, as a judge would (the default answer when a kind's queue is empty). */
export type FakeJudge = (kind: EvalKind, seen: SeenContent) => Promise<unknown>;

export interface FakeOpenAI {
  baseUrl: string;
  requests: FakeRequest[];
  /** Requests asking for this kind, alone or with others. */
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
  const { criteria } = KINDS[kind];
  if (criteria) return rubric(criteria);
  return { score: 95, summary: 'No problems found.', issues: [] };
}

/**
 * Texts a hostile (or broken) endpoint may answer with, each aimed at an
 * output edge: terminal sequences (clear the screen, set the window title,
 * ring, turn red, rewrite the line), 8-bit C1 controls, spreadsheet formulas,
 * right-to-left overrides and isolates, markup, and 100 KB of text.
 */
export const HOSTILE_TEXTS = {
  terminal: 'Clipped \x1b[2J\x1b]0;pwned\x07\x1b[31mred text\rOK',
  c1: 'Eight-bit \u009b2J CSI, \u009d0;pwned\u009c OSC and a \u0085 next line',
  bidi: 'Open invoice\u202egnp.exe\u202c and \u2067isolated\u2069 text',
  markup: '<script>alert("x")</script> & <b title="\x1b">bold</b>',
  formulas: ['=HYPERLINK("http://x","y")', '+SUM(1,2)', '\t=1+1', '@SUM(1)', '-2+3'],
  long: `${'Long judge text. '.repeat(6_000)}end`,
} as const;

/**
 * A failing answer for a kind whose every text is hostile: its summary, and a
 * HIGH issue (on no frame, so its location is the frame hint) whose
 * description, location and suggested fix carry HOSTILE_TEXTS. `category`
 * replaces the kind's own (the schema refuses any other: the kind ends ERROR).
 */
export function hostileAnswer(kind: EvalKind, opts: { category?: string } = {}): unknown {
  const i = EVAL_KINDS.indexOf(kind);
  const texts = [HOSTILE_TEXTS.terminal, HOSTILE_TEXTS.c1, HOSTILE_TEXTS.bidi, HOSTILE_TEXTS.markup];
  const issue = {
    severity: 'HIGH',
    category: opts.category ?? KINDS[kind].categories[0],
    frameIndex: null,
    location: HOSTILE_TEXTS.formulas[i % HOSTILE_TEXTS.formulas.length],
    description: texts[i % texts.length],
    suggestedFix: i === 0 ? HOSTILE_TEXTS.long : texts[(i + 1) % texts.length],
  };
  const answer = passingAnswer(kind) as Record<string, unknown>;
  return {
    ...answer,
    ...('score' in answer ? { score: 10 } : {}),
    summary: `${HOSTILE_TEXTS.terminal} ${HOSTILE_TEXTS.bidi}`,
    issues: [issue],
  };
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p: any) => (p.type === 'text' ? p.text : '')).join('\n')
      : '';

/** The kinds named by the last user message's "Fill in:" line (a re-ask names the kind it re-asks), else by the schema name. */
function kindsOf(body: any): EvalKind[] {
  const lastUser = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user');
  const fill = /Fill in: ([A-Z_]+(?:, [A-Z_]+)*)\./.exec(textOf(lastUser?.content));
  if (fill) return fill[1].split(', ').filter((k): k is EvalKind => (EVAL_KINDS as readonly string[]).includes(k));
  const name: unknown = body?.response_format?.json_schema?.name;
  return EVAL_KINDS.filter((k) => name === `${k.toLowerCase()}_answer`);
}

/** The prompt as the endpoint sees it, in order: the structured-output schema, then every message's text and images. */
type Segment = { text: string } | { image: string; tokens: number };

async function segmentsOf(body: any): Promise<Segment[]> {
  const segments: Segment[] = [];
  if (body.response_format) segments.push({ text: JSON.stringify(body.response_format) });
  for (const message of body.messages ?? []) {
    const parts = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
    for (const part of parts) {
      if (part.type === 'text') segments.push({ text: part.text });
      if (part.type === 'image_url') {
        const url = String(part.image_url.url);
        const { width = 0, height = 0 } = await sharp(Buffer.from(url.replace(/^data:[^,]*,/, ''), 'base64')).metadata();
        const detail = (part.image_url.detail ?? 'auto') as ImageDetail;
        segments.push({ image: `${detail}:${url}`, tokens: OPENAI_PRICING.imageTokens(body.model, width, height, detail) });
      }
    }
  }
  return segments;
}

function tokensOf(segments: readonly Segment[]): number {
  let chars = 0;
  let images = 0;
  for (const s of segments) {
    if ('text' in s) chars += s.text.length;
    else images += s.tokens;
  }
  return Math.ceil(chars / 4) + images;
}

/** Tokens of the longest common prefix of two prompts. */
function sharedPrefixTokens(a: readonly Segment[], b: readonly Segment[]): number {
  let chars = 0;
  let images = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if ('text' in x && 'text' in y) {
      if (x.text === y.text) {
        chars += x.text.length;
        continue;
      }
      let n = 0;
      while (n < x.text.length && n < y.text.length && x.text[n] === y.text[n]) n++;
      chars += n;
      break;
    }
    if ('image' in x && 'image' in y && x.image === y.image) {
      images += x.tokens;
      continue;
    }
    break;
  }
  return Math.floor(chars / 4) + images;
}

const CACHE_MIN_TOKENS = 1024;
const CACHE_STEP_TOKENS = 128;

async function seenContent(body: any): Promise<SeenContent> {
  const parts: any[] = body.messages?.find((m: any) => m.role === 'user')?.content ?? [];
  const frames: LoadedFrame[] = [];
  for (const [i, part] of parts.entries()) {
    const label = part.type === 'text' ? /^Frame (\d+) at (\d+):(\d+)\.(\d):$/.exec(part.text) : null;
    const image = parts[i + 1];
    if (!label || image?.type !== 'image_url') continue;
    const jpeg = Buffer.from(String(image.image_url.url).replace(/^data:[^,]*,/, ''), 'base64');
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const timestampMs = (Number(label[2]) * 60 + Number(label[3])) * 1000 + Number(label[4]) * 100;
    // Keyed by content: the analyzers cache measures by frame key.
    frames.push({
      index: Number(label[1]),
      timestampMs,
      width,
      height,
      jpeg,
      key: `fake-openai#${crypto.createHash('sha1').update(jpeg).digest('hex')}`,
    });
  }
  const text: string = parts[0]?.type === 'text' ? parts[0].text : '';
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? null;
  const none = (v: string | null) => (v === null || v === '(none)' ? null : v);
  const duration = /^Duration: ([\d.]+) s$/m.exec(text);
  const userMessage = /^User message:\n([\s\S]*)$/m.exec(text.split('\n').slice(1).join('\n'));
  return {
    frames,
    input: {
      userInput: userMessage ? userMessage[1] : null,
      title: none(field('Title')),
      description: none(field('Description')),
      durationMs: duration ? Math.round(Number(duration[1]) * 1000) : null,
      frameCount: frames.length,
    },
  };
}

/**
 * `promptCaching: false` stands for an endpoint without prompt caching (the
 * benches' naive design); `judge` answers from what each request showed;
 * `delayMs` holds every answer that long (a slow model); `port` listens on a
 * given loopback port (a free one otherwise).
 */
export async function startFakeOpenAI(
  opts: { apiKey?: string; models?: string[]; promptCaching?: boolean; judge?: FakeJudge; delayMs?: number; port?: number } = {},
): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const queues = new Map<EvalKind, FakeReply[]>();
  const answers = new Map<EvalKind, unknown>();
  const cache: { model: string; segments: Segment[] }[] = [];

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
    const kinds = kindsOf(body);
    const kind = kinds.length === 1 ? kinds[0] : null;
    const segments = await segmentsOf(body);
    const promptTokens = tokensOf(segments);
    const shared = Math.max(0, ...cache.filter((c) => c.model === body.model).map((c) => sharedPrefixTokens(c.segments, segments)));
    const cached =
      promptTokens >= CACHE_MIN_TOKENS && shared >= CACHE_MIN_TOKENS
        ? Math.min(Math.floor(shared / CACHE_STEP_TOKENS) * CACHE_STEP_TOKENS, promptTokens)
        : 0;
    const usage = { prompt_tokens: promptTokens, completion_tokens: 0, prompt_tokens_details: { cached_tokens: cached } };
    const record: FakeRequest = {
      body,
      headers: req.headers,
      kind,
      kinds,
      attempt: requests.filter((r) => kind !== null && r.kind === kind).length + 1,
      receivedAt: Date.now(),
      usage,
    };
    requests.push(record);

    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (opts.apiKey && bearer !== opts.apiKey) {
      // As the real service does, the error echoes (part of) the key it was given.
      send(res, 401, {
        error: { message: `Incorrect API key provided: ${bearer}.`, type: 'invalid_request_error', code: 'invalid_api_key' },
      });
      return;
    }
    if (opts.models && !opts.models.includes(body.model)) {
      send(res, 404, {
        error: {
          message: `The model \`${body.model}\` does not exist or you do not have access to it.`,
          type: 'invalid_request_error',
          code: 'model_not_found',
        },
      });
      return;
    }
    if (opts.delayMs) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
    const seen = opts.judge ? await seenContent(body) : null;
    const replyFor = async (k: EvalKind): Promise<FakeReply> =>
      queues.get(k)?.shift() ?? { answer: answers.get(k) ?? (opts.judge && seen ? await opts.judge(k, seen) : passingAnswer(k)) };
    const replies = await Promise.all(kinds.map(replyFor));
    const failure = replies.find((r) => 'hang' in r || 'status' in r);
    if (failure && 'hang' in failure) return;
    if (failure && 'status' in failure) {
      send(
        res,
        failure.status,
        failure.body ?? { error: { message: `fake error ${failure.status}`, type: 'server_error' } },
        failure.headers,
      );
      return;
    }
    // Frame kinds answer in one part each (the others null); raw text stands for the whole answer when one kind was asked.
    const framed = kinds.length > 0 && FRAME_KINDS.includes(kinds[0]);
    const partOf = (r: FakeReply) => ('answer' in r ? r.answer : 'content' in r ? r.content : null);
    const content =
      replies.length === 1 && 'content' in replies[0]
        ? replies[0].content
        : JSON.stringify(
            framed
              ? Object.fromEntries(FRAME_KINDS.map((k) => [k, kinds.includes(k) ? partOf(replies[kinds.indexOf(k)]) : null]))
              : replies.length === 1
                ? partOf(replies[0])
                : {},
          );
    usage.completion_tokens = Math.ceil(content.length / 4);
    send(res, 200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
    if (opts.promptCaching !== false) cache.push({ model: body.model, segments });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsFor: (kind) => requests.filter((r) => r.kinds.includes(kind)),
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
      cache.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
