import type { ModelPrice } from '../config';
import { listPricing, modelEntry, type ProviderPricing } from './pricing';
import type { ImageDetail } from './prompt';

/**
 * OpenAI's prices and published image-token rules. Chat completions report
 * prompt tokens with images folded in, so image tokens are our estimate from
 * these rules.
 */

/**
 * USD per million tokens (OpenAI list prices, standard tier): input, input
 * served from the prompt cache, output. EVALS_PRICES adds or overrides models.
 */
const OPENAI_PRICES: Record<string, ModelPrice> = {
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
function imageTokens(model: string, width: number, height: number, detail: ImageDetail): number {
  const multiplier = modelEntry(PATCH_MULTIPLIER, model);
  if (multiplier !== undefined) return patchTokens(width, height, multiplier);
  return tileTokens(width, height, detail, modelEntry(TILE_TOKENS, model) ?? DEFAULT_TILE_TOKENS);
}

export const OPENAI_PRICING: ProviderPricing = listPricing(OPENAI_PRICES, imageTokens);
