import { ApplicationFailure } from '@temporalio/common';

/**
 * The one error taxonomy. A PermanentError is bad input or bad configuration:
 * retrying cannot help, so the activity fails at once and the run records the
 * reason. Anything else is retryable and left to Temporal's retry policy;
 * RetryableError only adds a server-requested delay (a 429's retry-after).
 */
export type PermanentReason =
  | 'config'
  | 'bad-input'
  | 'fragment-not-found'
  | 'fragment-unauthorized'
  | 'fragment-request-rejected'
  | 'animation-not-rendered'
  | 'bad-url'
  | 'download-failed'
  | 'too-large'
  | 'unreadable-media'
  | 'provider-rejected'
  | 'invalid-judge-answer';

export class PermanentError extends Error {
  override name = 'PermanentError';
  constructor(
    readonly reason: PermanentReason,
    message: string,
  ) {
    super(message);
  }
}

export class RetryableError extends Error {
  override name = 'RetryableError';
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * A component the service depends on failed (the database did not answer, this
 * worker's disk is full, its ffmpeg cannot start): retryable, and never blamed on the judge or the
 * input. Its failure type names the component, so a run that still ends ERROR
 * says which.
 */
export class InfrastructureError extends Error {
  override name = 'InfrastructureError';
  constructor(
    readonly component: 'database' | 'disk' | 'ffmpeg',
    message: string,
  ) {
    super(message);
  }
}

const INFRASTRUCTURE_TYPE_PREFIX = 'InfrastructureError:';

/** The component named by an InfrastructureError's failure type, or null for any other failure. */
export function infrastructureComponentOf(failureType: string | null | undefined): InfrastructureError['component'] | null {
  return failureType?.startsWith(INFRASTRUCTURE_TYPE_PREFIX)
    ? (failureType.slice(INFRASTRUCTURE_TYPE_PREFIX.length) as InfrastructureError['component'])
    : null;
}

const PERMANENT_TYPE_PREFIX = 'PermanentError:';

/** The Temporal failure type of a permanent error, so metrics and the workflow tell bad input from faults. */
export function permanentFailureType(reason: PermanentReason): string {
  return `${PERMANENT_TYPE_PREFIX}${reason}`;
}

/** The reason in a failure type made by permanentFailureType, or null for any other failure. */
export function permanentReasonOf(failureType: string | null | undefined): PermanentReason | null {
  return failureType?.startsWith(PERMANENT_TYPE_PREFIX) ? (failureType.slice(PERMANENT_TYPE_PREFIX.length) as PermanentReason) : null;
}

/** A server asking for a longer pause than this is not waited for longer. */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** The pause a server asks for (429, 503): `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  const value = headers?.get('retry-after');
  let delay = NaN;
  if (ms) delay = Number(ms);
  else if (value) delay = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(delay) && delay >= 0 ? Math.min(delay, MAX_RETRY_AFTER_MS) : undefined;
}

/** Converts an activity's error into the failure Temporal should see. */
export function toActivityFailure(err: unknown): unknown {
  if (err instanceof PermanentError) {
    return ApplicationFailure.create({ message: err.message, type: permanentFailureType(err.reason), nonRetryable: true });
  }
  if (err instanceof InfrastructureError) {
    return ApplicationFailure.create({ message: err.message, type: `${INFRASTRUCTURE_TYPE_PREFIX}${err.component}` });
  }
  if (err instanceof RetryableError) {
    return ApplicationFailure.create({
      message: err.message,
      type: 'RetryableError',
      nextRetryDelay: err.retryAfterMs,
    });
  }
  return err;
}

/** A failure message is kept in Temporal's history and may end in a run's summary: a longer one (an endpoint's whole error page) is cut. */
const MAX_FAILURE_MESSAGE_CHARS = 2_000;

/** Runs an activity body and maps its errors onto the taxonomy, their messages scrubbed of secrets and bounded. */
export async function withFailureMapping<T>(fn: () => Promise<T>, scrub: (text: string) => string = (text) => text): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Error) {
      const message = scrub(err.message);
      err.message = message.length > MAX_FAILURE_MESSAGE_CHARS ? `${message.slice(0, MAX_FAILURE_MESSAGE_CHARS)}… (cut)` : message;
    }
    throw toActivityFailure(err);
  }
}
