import type { IssueDraft } from '../domain/judgement';
import type { Severity } from '../domain/types';

/**
 * Rules over the user's message for USER_INPUT_SECURITY. Each names what the
 * message tries to do; phrasing is matched loosely (a few words may sit between
 * the verb and its object) but always needs both, so a plain math request that
 * happens to say "ignore the constant" or "process" does not match.
 */
interface Rule {
  id: string;
  category: string;
  severity: Severity;
  pattern: RegExp;
  what: string;
  fix: string;
}

const W = '(?:\\W+\\w+){0,4}?\\W+'; // up to four words in between

const REJECT = 'Reject the request, or strip the instruction before it reaches the code generator.';
const SANDBOX = 'Refuse: the animation code must only draw. Keep the renderer sandboxed without file, process, network or secret access.';

export const SECURITY_RULES: readonly Rule[] = [
  {
    id: 'override-instructions',
    category: 'prompt_injection',
    severity: 'HIGH',
    pattern: new RegExp(
      `\\b(ignore|disregard|forget|override|bypass|skip)${W}(previous|prior|above|earlier|all|any|your|the|system|developer)${W}?(instructions?|prompts?|rules?|guidelines?|directives?|constraints?)\\b`,
      'i',
    ),
    what: 'tells the system to ignore its instructions',
    fix: REJECT,
  },
  {
    id: 'reveal-prompt',
    category: 'prompt_injection',
    severity: 'HIGH',
    pattern: new RegExp(
      `\\b(reveal|print|show|repeat|output|display|leak|tell me|what (?:is|are))${W}?(your|the)?\\W*(system|hidden|initial|original|developer)\\s+(prompt|instructions?|message)`,
      'i',
    ),
    what: 'asks to reveal the hidden system prompt',
    fix: REJECT,
  },
  {
    id: 'role-switch',
    category: 'jailbreak',
    severity: 'HIGH',
    pattern:
      /\b(you are now|act as|pretend (?:to be|you are)|from now on you)\b.{0,60}\b(DAN|unrestricted|unfiltered|jailbroken|no (?:rules|restrictions|limits|filters)|developer mode|evil)\b|\b(DAN mode|developer mode enabled|jailbreak)\b|\b(enable|activate|turn on|switch to|enter)\s+(developer|god|DAN|unrestricted|jailbreak)\s+mode\b/i,
    what: 'tries to switch the assistant into an unrestricted role (jailbreak)',
    fix: REJECT,
  },
  {
    id: 'fake-role-marker',
    category: 'prompt_injection',
    severity: 'HIGH',
    pattern: /(^|\n)\s*(system|assistant)\s*:|<\|?(system|im_start)\|?>|\[\/?(INST|SYS)\]/i,
    what: 'contains fake system or assistant markers to smuggle in instructions',
    fix: REJECT,
  },
  {
    id: 'read-files',
    category: 'file_access',
    severity: 'HIGH',
    pattern:
      /(\/etc\/(passwd|shadow|hosts)|~\/\.ssh|id_rsa|\.aws\/credentials|\.bash_history|\bopen\s*\(\s*['"][/~]|\b(fs\.)?readFileSync?\b|\b(read|open|cat|list|dump)\b(?:\W+\w+){0,5}?\W+(files?|director(?:y|ies)|folders?|disk|filesystem|home directory)\b(?!\s+(format|name)))/i,
    what: 'asks the generated code to read files on the machine',
    fix: SANDBOX,
  },
  {
    id: 'run-processes',
    category: 'code_execution',
    severity: 'HIGH',
    pattern:
      /\b(subprocess|os\.system|os\.popen|child_process|exec(?:Sync)?\s*\(|eval\s*\(|spawn\s*\(|shell\s*=\s*True|rm\s+-rf|\/bin\/(ba)?sh|powershell|reverse shell|(run|execute|spawn|launch)(?:\W+\w+){0,3}?\W+(shell|terminal|bash|command|commands|processe?s?|scripts?|binar(?:y|ies)))\b/i,
    what: 'asks the generated code to run commands or spawn processes',
    fix: SANDBOX,
  },
  {
    id: 'reach-network',
    category: 'network_access',
    severity: 'HIGH',
    pattern:
      /\b(requests\.(get|post)|urllib|urlopen|http\.client|socket\.socket|fetch\s*\(|curl|wget|webhook|(send|upload|post|exfiltrate|transmit|beacon)(?:\W+\w+){0,5}?\W+(to|at)\s+(https?:\/\/|my server|a server|the server|an? (?:external|remote) (?:server|url|endpoint)|\w+\.\w{2,}))/i,
    what: 'asks the generated code to reach the network',
    fix: SANDBOX,
  },
  {
    id: 'read-secrets',
    category: 'secret_exfiltration',
    severity: 'HIGH',
    pattern:
      /\b(os\.environ|process\.env|getenv\s*\(|OPENAI_API_KEY|AWS_SECRET\w*)|\b(print|show|read|send|get|list|dump|reveal|include|leak|steal|exfiltrate|display|output|give me)(?:\W+\w+){0,5}?\W+(environment variables?|\.env\b|api[_ -]?keys?|secret[_ -]?keys?|access[_ -]?tokens?|passwords?|credentials|private keys?|secrets)\b/i,
    what: 'asks for secrets (keys, tokens, passwords, environment variables)',
    fix: SANDBOX,
  },
  {
    id: 'harmful',
    category: 'harmful_content',
    severity: 'HIGH',
    pattern: /\b(how to (make|build) (a )?(bomb|explosive|weapon)|synthesi[sz]e (meth|nerve agent|ricin)|child (sexual|porn))/i,
    what: 'asks for harmful content',
    fix: 'Refuse the request.',
  },
];

/** Long base64 or hex runs that decode to readable text: instructions hidden from plain-text rules. */
function encodedPayloads(text: string): string[] {
  const decoded: string[] = [];
  for (const match of text.match(/[A-Za-z0-9+/]{24,}={0,2}/g) ?? []) {
    const plain = Buffer.from(match, 'base64').toString('utf8');
    if (/^[\x20-\x7e\s]{12,}$/.test(plain) && /[a-z]{3,}\s+[a-z]{2,}/i.test(plain)) decoded.push(plain);
  }
  for (const match of text.match(/\b(?:[0-9a-f]{2}){16,}\b/gi) ?? []) {
    const plain = Buffer.from(match, 'hex').toString('utf8');
    if (/^[\x20-\x7e\s]{12,}$/.test(plain)) decoded.push(plain);
  }
  return decoded;
}

function matches(text: string): Rule[] {
  return SECURITY_RULES.filter((r) => r.pattern.test(text));
}

export function securityIssues(text: string): IssueDraft[] {
  const issues: IssueDraft[] = matches(text).map((r) => ({
    severity: r.severity,
    category: r.category,
    frameIndex: null,
    location: null,
    description: `The user's message ${r.what}.`,
    suggestedFix: r.fix,
  }));
  for (const payload of encodedPayloads(text)) {
    const hidden = matches(payload);
    issues.push({
      severity: hidden.length > 0 ? 'HIGH' : 'MEDIUM',
      category: 'encoded_payload',
      frameIndex: null,
      location: null,
      description:
        hidden.length > 0
          ? `The user's message hides an encoded instruction that ${hidden.map((r) => r.what).join(' and ')}.`
          : "The user's message carries an encoded text block (base64 or hex) with no reason to be in an animation request.",
      suggestedFix: 'Reject encoded instructions; ask the user to write the request in plain words.',
    });
  }
  return issues;
}
