import type { SystemWithFallbacks } from "./fallbacks.ts";

/**
 * The order in which a random pick or a search looks for media of the systems a user named: first all of them
 * (repeats dropped), then each direct fallback of theirs on its own, in order, skipping systems already looked at.
 * `launch.random:GenesisMSU` with no MSU media indexed draws from Genesis.
 */
export function systemTiers<S extends SystemWithFallbacks>(systems: readonly S[], byId: (id: string) => S | undefined): S[][] {
  if (systems.length === 0) return [];
  const seen = new Set<string>();
  const primary = systems.filter((s) => !seen.has(s.id) && seen.add(s.id));
  const tiers = [primary];
  for (const s of primary) {
    for (const id of s.fallbacks) {
      if (seen.has(id)) continue;
      const fallback = byId(id);
      if (!fallback) continue;
      seen.add(id);
      tiers.push([fallback]);
    }
  }
  return tiers;
}
