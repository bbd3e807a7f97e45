/** What fallback expansion needs of a system. */
export interface SystemWithFallbacks {
  readonly id: string;
  /** Ids of the systems whose media may stand in for this one's, in order. */
  readonly fallbacks: readonly string[];
}

/**
 * The systems followed, each, by its direct fallbacks (not theirs), without repeats: `[TVEpisode, Movie]` gives
 * `[TVEpisode, Video, Movie]`. A fallback id the catalog does not know is skipped.
 */
export function withFallbacks<S extends SystemWithFallbacks>(systems: readonly S[], byId: (id: string) => S | undefined): S[] {
  const seen = new Set<string>();
  const out: S[] = [];
  for (const s of systems) {
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    out.push(s);
    for (const id of s.fallbacks) {
      if (seen.has(id)) continue;
      seen.add(id);
      const fallback = byId(id);
      if (fallback) out.push(fallback);
    }
  }
  return out;
}
