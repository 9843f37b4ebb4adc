import type { ModelPrice } from '../config';
import type { ImageDetail } from './prompt';

/**
 * What a judge request costs: OpenAI's published image-token rules and a price
 * table. Chat completions report prompt tokens with images folded in, so image
 * tokens are our estimate from these rules; cost is computed from the reported
 * prompt and completion tokens.
 */

/**
 * USD per million tokens (OpenAI list prices, standard tier): input, input
 * served from the prompt cache, output. EVALS_PRICES adds or overrides models.
 */
export const DEFAULT_PRICES: Record<string, ModelPrice> = {
  'gpt-4.1': { input: 2.0, cachedInput: 0.5, output: 8.0 },
  'gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, cachedInput: 0.025, output: 0.4 },
  'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10.0 },
  'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
  'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4 },
};

/** Models billed per 32 px patch (capped at 1536 patches), times a per-model multiplier. */
const PATCH_MULTIPLIER: Record<string, number> = {
  'gpt-4.1-mini': 1.62,
  'gpt-4.1-nano': 2.46,
  'o4-mini': 1.72,
};

/** Models billed per 512 px tile: base + per tile at high detail, base alone at low detail. */
const TILE_TOKENS: Record<string, { base: number; tile: number }> = {
  'gpt-4o-mini': { base: 2833, tile: 5667 },
};
const DEFAULT_TILE_TOKENS = { base: 85, tile: 170 };

/** The entry for a model, matching dated snapshots (`gpt-4.1-mini-2025-04-14`) by their base name. */
function lookup<T>(table: Record<string, T>, model: string): T | undefined {
  if (table[model]) return table[model];
  const base = Object.keys(table)
    .filter((name) => model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length)[0];
  return base ? table[base] : undefined;
}

export function priceOf(model: string, overrides: Record<string, ModelPrice>): ModelPrice | undefined {
  return lookup(overrides, model) ?? lookup(DEFAULT_PRICES, model);
}

export interface TokenCounts {
  /** Every prompt token, cached ones included (as chat completions report them). */
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
}

/** Estimated USD, or null when the model has no price (a local or unknown model). Cached prompt tokens at the cached rate. */
export function costUsd(model: string, tokens: TokenCounts, overrides: Record<string, ModelPrice>): number | null {
  const price = priceOf(model, overrides);
  if (!price) return null;
  const cached = Math.min(tokens.cachedTokens, tokens.promptTokens);
  return (
    ((tokens.promptTokens - cached) * price.input + cached * (price.cachedInput ?? price.input) + tokens.completionTokens * price.output) /
    1_000_000
  );
}

function patchTokens(width: number, height: number, multiplier: number): number {
  const PATCH = 32;
  const CAP = 1536;
  let patches = Math.ceil(width / PATCH) * Math.ceil(height / PATCH);
  if (patches > CAP) {
    // Scale down to fit the cap, then so that the width is a whole number of patches (whole pixels at each step).
    const shrink = Math.sqrt((CAP * PATCH * PATCH) / (width * height));
    const w = Math.floor(width * shrink);
    const h = Math.floor(height * shrink);
    const fit = Math.floor(w / PATCH) / (w / PATCH);
    patches = Math.min(CAP, Math.ceil(Math.floor(w * fit) / PATCH) * Math.ceil(Math.floor(h * fit) / PATCH));
  }
  return Math.ceil(patches * multiplier);
}

function tileTokens(width: number, height: number, detail: ImageDetail, cost: { base: number; tile: number }): number {
  if (detail === 'low') return cost.base;
  let w = width;
  let h = height;
  // Fit in 2048 x 2048, then bring the shortest side down to 768 (images are never scaled up).
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shortest = Math.min(1, 768 / Math.min(w, h));
  w *= shortest;
  h *= shortest;
  return cost.base + cost.tile * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/**
 * Image tokens of one image part. Patch-billed models publish no low-detail
 * rule, so detail does not change their estimate; their cost follows pixel count.
 */
export function imageTokens(model: string, width: number, height: number, detail: ImageDetail): number {
  const multiplier = lookup(PATCH_MULTIPLIER, model);
  if (multiplier !== undefined) return patchTokens(width, height, multiplier);
  return tileTokens(width, height, detail, lookup(TILE_TOKENS, model) ?? DEFAULT_TILE_TOKENS);
}
