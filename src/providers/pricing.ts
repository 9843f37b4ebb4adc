import type { ModelPrice } from '../config';
import type { ImageDetail } from './prompt';

/**
 * What a judge request costs, in no provider's terms. A provider that reports
 * usage states its pricing: its list prices by model and how many prompt
 * tokens an image costs on its models (for OpenAI, src/providers/openai-pricing.ts).
 * Cost is computed from the prompt and completion tokens the endpoint reports;
 * EVALS_PRICES adds or overrides models of any provider.
 */

export interface TokenCounts {
  /** Every prompt token, cached ones included (as chat completions report them). */
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
}

export interface ProviderPricing {
  /** Estimated USD, or null when the model has no price (a local or unknown model). `overrides`: EVALS_PRICES. */
  costUsd(model: string, tokens: TokenCounts, overrides: Record<string, ModelPrice>): number | null;
  /** Prompt tokens of one image on a model: an estimate where the endpoint folds them into the prompt tokens. */
  imageTokens(model: string, width: number, height: number, detail: ImageDetail): number;
}

/** The entry for a model, matching dated snapshots (`gpt-4.1-mini-2025-04-14`) by their base name. */
export function modelEntry<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  if (table[model]) return table[model];
  const base = Object.keys(table)
    .filter((name) => model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length)[0];
  return base ? table[base] : undefined;
}

/**
 * The pricing of a provider billed per token from a list-price table (USD per
 * million tokens), overrides first; cached prompt tokens at the cached rate.
 */
export function listPricing(
  listPrices: Readonly<Record<string, ModelPrice>>,
  imageTokens: ProviderPricing['imageTokens'],
): ProviderPricing {
  return {
    costUsd(model, tokens, overrides) {
      const price = modelEntry(overrides, model) ?? modelEntry(listPrices, model);
      if (!price) return null;
      const cached = Math.min(tokens.cachedTokens, tokens.promptTokens);
      return (
        ((tokens.promptTokens - cached) * price.input +
          cached * (price.cachedInput ?? price.input) +
          tokens.completionTokens * price.output) /
        1_000_000
      );
    },
    imageTokens,
  };
}
