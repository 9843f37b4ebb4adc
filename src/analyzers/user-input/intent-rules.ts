import type { IntentRule } from './intent/shared';
import { overrideInstructions, revealPrompt, abandonTask, fakeMarkup, noteToJudge, activeMarkup } from './intent/instructions';
import { personaWithoutRules, personaObeysAll, jailbreakTemplate } from './intent/personas';
import { readFiles, runProcesses, reachNetwork, readSecrets } from './intent/sandbox';

/** Every rule by intent, in the order their findings are reported. */
export const INTENT_RULES: readonly IntentRule[] = [
  overrideInstructions,
  revealPrompt,
  abandonTask,
  personaWithoutRules,
  personaObeysAll,
  jailbreakTemplate,
  fakeMarkup,
  noteToJudge,
  activeMarkup,
  readFiles,
  runProcesses,
  reachNetwork,
  readSecrets,
];
