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
 *
 * Regex patterns use RE2 syntax and match in linear time (src/core/linear-regex.ts): no backreferences or
 * lookaround, at most 1024 characters, and only the first 8 KiB (8192 characters) of the value are matched. A
 * stored regex the engine refuses (saved before these rules) never matches; `findMapping` reports it once.
 */

import { type CompiledRegex, compileLinear } from "./linear-regex.ts";

export const MAPPING_TYPES = ["uid", "text", "data"] as const;
export const MATCH_KINDS = ["exact", "partial", "regex"] as const;
export type MappingType = (typeof MAPPING_TYPES)[number];

/** The reference's newer names of two types, accepted wherever a client sends a type (stored and listed as the old). */
export const MAPPING_TYPE_ALIASES = { id: "uid", value: "text" } as const satisfies Record<string, MappingType>;
/** Every type name a client may send: the types and their aliases. */
export const MAPPING_TYPE_NAMES = [...MAPPING_TYPES, ...(Object.keys(MAPPING_TYPE_ALIASES) as (keyof typeof MAPPING_TYPE_ALIASES)[])] as const;
export type MappingTypeName = (typeof MAPPING_TYPE_NAMES)[number];

/** The type a sent name stands for (`id` is `uid`, `value` is `text`). */
export function canonicalMappingType(name: MappingTypeName): MappingType {
  return name in MAPPING_TYPE_ALIASES ? MAPPING_TYPE_ALIASES[name as keyof typeof MAPPING_TYPE_ALIASES] : (name as MappingType);
}
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

/** Returns why a pattern is unusable, or null. Regex patterns must compile under the linear engine; no pattern may be empty. */
export function patternProblem(match: MatchKind, pattern: string): string | null {
  if (pattern === "") return "pattern must not be empty";
  if (match !== "regex") return null;
  const compiled = compileLinear(pattern);
  return compiled.ok ? null : compiled.reason;
}

/** Called once per mapping object whose regex the engine refuses (it then never matches). */
export type RefusedMappingReporter = (mapping: Mapping, reason: string) => void;

/**
 * Compiled regexes, one per mapping object: the repository keeps the loaded list in memory and replaces the
 * objects when mappings change, so entries live exactly as long as the mappings they belong to.
 */
const compiledByMapping = new WeakMap<Mapping, { pattern: string; compiled: CompiledRegex }>();

function compiledFor(m: Mapping, onRefused?: RefusedMappingReporter): CompiledRegex {
  const cached = compiledByMapping.get(m);
  if (cached && cached.pattern === m.pattern) return cached.compiled;
  const compiled = compileLinear(m.pattern);
  compiledByMapping.set(m, { pattern: m.pattern, compiled });
  if (!compiled.ok) onRefused?.(m, compiled.reason);
  return compiled;
}

export function mappingMatches(m: Mapping, token: MappableToken, onRefused?: RefusedMappingReporter): boolean {
  const value = m.type === "uid" ? normaliseUid(token.uid) : m.type === "data" ? normaliseHex(token.data) : token.text;
  if (value === "") return false;
  if (m.match === "regex") {
    const compiled = compiledFor(m, onRefused);
    return compiled.ok && compiled.regex.test(value);
  }
  const pattern = m.type === "uid" ? normaliseUid(m.pattern) : m.type === "data" ? normaliseHex(m.pattern) : m.pattern;
  if (pattern === "") return false;
  return m.match === "exact" ? value === pattern : value.includes(pattern);
}

/**
 * The first enabled mapping (ascending id) that matches the token, if any. `onRefused` hears of each enabled
 * regex mapping the engine refuses, once per mapping object (so once per load of the repository's list).
 */
export function findMapping(mappings: readonly Mapping[], token: MappableToken, onRefused?: RefusedMappingReporter): Mapping | undefined {
  let best: Mapping | undefined;
  for (const m of mappings) {
    if (!m.enabled || (best && m.id > best.id)) continue;
    if (mappingMatches(m, token, onRefused)) best = m;
  }
  return best;
}
