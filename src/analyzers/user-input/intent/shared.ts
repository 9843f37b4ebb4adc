import type { Severity } from '../../../domain/types';

/**
 * Rules by intent over the normalised message (normalise.ts: lower case, accents
 * dropped, look-alikes and leetspeak undone): what the message tries to make the
 * system do, in the languages the product's users write (English, Spanish,
 * French, German, Portuguese, Italian, Chinese). Each rule needs an act and its
 * object together (ignore + instructions, read + a file, send + to a server), so
 * a math request that says "ignore the constant", "execute the algorithm" or
 * "the system of equations" does not match.
 */
export interface IntentRule {
  id: string;
  category:
    | 'prompt_injection'
    | 'jailbreak'
    | 'judge_manipulation'
    | 'code_execution'
    | 'file_access'
    | 'network_access'
    | 'secret_exfiltration';
  severity: Severity;
  /** Words one of the patterns needs (a necessary condition, cheap to test): when none is there, the patterns are not run. */
  cue: RegExp;
  patterns: readonly RegExp[];
  what: string;
  fix: string;
}

export const REJECT = 'Reject the request, or strip the instruction before it reaches the code generator.';
export const SANDBOX =
  'Refuse: the animation code must only draw. Keep the renderer sandboxed without file, process, network or secret access.';
