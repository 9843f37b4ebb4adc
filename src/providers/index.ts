import type { Config } from '../config';
import { LocalProvider } from './local';
import { withLocalChecks } from './local-checks';
import { OpenAiProvider } from './openai';
import type { JudgeProvider } from './provider';

export function createProvider(config: Config): JudgeProvider {
  if (config.judge.provider === 'local') return new LocalProvider(config.judge.localDelayMs);
  return withLocalChecks(new OpenAiProvider(config.judge), { pixels: config.judge.localPrechecks });
}
export type { JudgeProvider } from './provider';
