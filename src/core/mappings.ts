/**
 * Mappings rewrite a token's text before launch (e.g. give a read-only tag, known by its UID, a script).
 * Pure: no I/O.
 *
 * Lookup rule (documented for users): only enabled mappings are considered, in ascending id order (the order
 * they were created); the first that matches wins and its `override` replaces the token text entirely.
 * - `uid`: the token UID with spaces and colons removed and lowercased; `exact`/`partial` patterns are
 *   normalised the same way; a `regex` is matched against the normalised UID.
 * - `data`: the raw data as lowercase hex; `exact`/`partial` patterns are lowercased (and spaces/colons
 *   removed) the same way; a `regex` is matched against the lowercase hex.
 * - `text`: the token text as is (case-sensitive).
 * A field that is empty on the token never matches.
 */

export const MAPPING_TYPES = ["uid", "text", "data"] as const;
export const MATCH_KINDS = ["exact", "partial", "regex"] as const;
export type MappingType = (typeof MAPPING_TYPES)[number];
export type MatchKind = (typeof MATCH_KINDS)[number];

export interface Mapping {
  id: number;
  /** RFC 3339 creation time. */
  added: string;
  label: string;
  enabled: boolean;
  type: MappingType;
  match: MatchKind;
  pattern: string;
  override: string;
}

/** The token fields mappings look at. */
export interface MappableToken {
  uid: string;
  text: string;
  data: string;
}

export function normaliseUid(uid: string): string {
  return uid.replace(/[\s:]/g, "").toLowerCase();
}

export function normaliseHex(data: string): string {
  return data.replace(/[\s:]/g, "").toLowerCase();
}

/** Returns why a pattern is unusable, or null. Regex patterns must compile; no pattern may be empty. */
export function patternProblem(match: MatchKind, pattern: string): string | null {
  if (pattern === "") return "pattern must not be empty";
  if (match !== "regex") return null;
  try {
    new RegExp(pattern);
    return null;
  } catch (err) {
    return `pattern is not a valid regular expression: ${(err as Error).message}`;
  }
}

const regexCache = new Map<string, RegExp | null>();

function compiled(pattern: string): RegExp | null {
  let re = regexCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern);
    } catch {
      re = null; // stored before validation existed: never matches
    }
    if (regexCache.size > 1000) regexCache.clear();
    regexCache.set(pattern, re);
  }
  return re;
}

export function mappingMatches(m: Mapping, token: MappableToken): boolean {
  const value = m.type === "uid" ? normaliseUid(token.uid) : m.type === "data" ? normaliseHex(token.data) : token.text;
  if (value === "") return false;
  if (m.match === "regex") return compiled(m.pattern)?.test(value) ?? false;
  const pattern = m.type === "uid" ? normaliseUid(m.pattern) : m.type === "data" ? normaliseHex(m.pattern) : m.pattern;
  if (pattern === "") return false;
  return m.match === "exact" ? value === pattern : value.includes(pattern);
}

/** The first enabled mapping (ascending id) that matches the token, if any. */
export function findMapping(mappings: readonly Mapping[], token: MappableToken): Mapping | undefined {
  let best: Mapping | undefined;
  for (const m of mappings) {
    if (!m.enabled || (best && m.id > best.id)) continue;
    if (mappingMatches(m, token)) best = m;
  }
  return best;
}
