import type { Config } from '../config';
import { LocalProvider } from './local';
import { OpenAiProvider } from './openai';
import type { JudgeProvider } from './provider';

export function createProvider(config: Config): JudgeProvider {
  if (config.judge.provider === 'local') return new LocalProvider(config.judge.localDelayMs);
  return new OpenAiProvider(config.judge);
}
export type { JudgeProvider } from './provider';
