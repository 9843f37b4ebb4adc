import type { Config } from '../config';
import type { ProviderName } from '../config/judge';
import { LocalProvider } from './local';
import { withLocalChecks } from './local-checks';
import { OpenAiProvider } from './openai';
import type { JudgeProvider } from './provider';

/** The judge providers by name (EVALS_PROVIDER); each one's own settings are its entry in src/config/judge.ts. */
const PROVIDERS: Record<ProviderName, (judge: Config['judge']) => JudgeProvider> = {
  openai: (judge) => withLocalChecks(new OpenAiProvider(judge), { pixels: judge.openai.localPrechecks }),
  local: (judge) => new LocalProvider(judge.local.delayMs),
};

export function createProvider(config: Config): JudgeProvider {
  return PROVIDERS[config.judge.provider](config.judge);
}
export type { JudgeProvider } from './provider';
