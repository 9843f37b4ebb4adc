import { ConfigError, type Config } from '../config';
import { LocalProvider } from './local';
import type { JudgeProvider } from './provider';

export function createProvider(config: Config): JudgeProvider {
  if (config.judge.provider === 'local') return new LocalProvider(config.judge.localDelayMs);
  throw new ConfigError('EVALS_PROVIDER=openai is not available yet; unset OPENAI_API_KEY or set EVALS_PROVIDER=local');
}
export type { JudgeProvider } from './provider';
