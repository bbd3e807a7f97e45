/**
 * Keys of the reference implementation's config.toml (its `pkg/config`) that this service reads under another
 * name, and those it accepts without acting on them. A user's file written for the reference starts the service
 * unchanged: mapped keys take effect, the others stay in the file and are named once in the log as not supported
 * here (never a start failure, never silently dropped). A key in neither list that the schema does not know is
 * reported as unknown (a typo?).
 */
type Raw = Record<string, unknown>;

/** Reference key → our key, used when ours is not set in the same file. */
export const REFERENCE_ALIASES: readonly (readonly [string, string])[] = [
  ["service.allowed_ips", "service.allow_api"],
  ["service.discovery.enabled", "service.mdns"],
  ["service.discovery.instance_name", "service.name"],
];

/** Reference keys (or whole tables) accepted and kept, without effect here. */
export const REFERENCE_UNSUPPORTED: readonly string[] = [
  "error_reporting",
  "audio.success_sound",
  "audio.fail_sound",
  "audio.limit_sound",
  "audio.pending_sound",
  "audio.ready_sound",
  "audio.volume",
  "readers.scan_history",
  "readers.drivers",
  "readers.scan.ignore_on_connect",
  "launchers.allow_file",
  "launchers.media_dir",
  "launchers.default",
  "input",
  "media.filename_tags",
  "scraper",
  "service.api_listen",
  "service.allow_run",
  "service.encryption",
  "service.publishers.pixelcade",
  "updates",
  // global settings the docs show; the reference itself reads [updates] channel/check/install
  "auto_update",
  "update_channel",
  "backup.scope",
  "playtime.sync",
  "playtime.base_url",
  "profiles",
  "groovy",
  "tui",
];

const isPlainObject = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

function get(raw: Raw, key: string): unknown {
  let v: unknown = raw;
  for (const part of key.split(".")) v = isPlainObject(v) ? v[part] : undefined;
  return v;
}

function set(raw: Raw, key: string, value: unknown): void {
  const parts = key.split(".");
  let t = raw;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(t[part])) t[part] = {};
    t = t[part] as Raw;
  }
  t[parts.at(-1)!] = value;
}

/** A copy of the parsed file with each reference alias copied onto our key where ours is absent. */
export function withReferenceAliases(raw: Raw): { input: Raw; mapped: string[] } {
  const input = structuredClone(raw);
  const mapped: string[] = [];
  for (const [from, to] of REFERENCE_ALIASES) {
    const v = get(raw, from);
    if (v === undefined || get(raw, to) !== undefined) continue;
    set(input, to, structuredClone(v));
    mapped.push(`${from} → ${to}`);
  }
  return { input, mapped };
}

/**
 * Removes from `out` (what a save writes) our keys that only echo a reference alias of the same file, so the
 * reference key stays the one the user edits: a later change to it is still read.
 */
export function dropAliasEchoes(out: Raw, raw: Raw): Raw {
  for (const [from, to] of REFERENCE_ALIASES) {
    const v = get(raw, from);
    if (v === undefined || get(raw, to) !== undefined || JSON.stringify(get(out, to)) !== JSON.stringify(v)) continue;
    const parts = to.split(".");
    const parent = get(out, parts.slice(0, -1).join("."));
    if (isPlainObject(parent)) delete parent[parts.at(-1)!];
  }
  return out;
}

/** Fields inside arrays of tables the reference reads that have no effect here (the walk above stops at arrays). */
const ARRAY_FIELDS_UNSUPPORTED: readonly [string, readonly string[]][] = [["systems.default", ["before_exit", "pause_on_launch"]]];

/** `pause_on_launch` of the Audio system's row works here: background music pauses while a game runs. */
const isAudioRow = (r: Record<string, unknown>) => typeof r.system === "string" && r.system.toLowerCase() === "audio";

export function unsupportedArrayFields(raw: Raw): string[] {
  const out: string[] = [];
  for (const [table, fields] of ARRAY_FIELDS_UNSUPPORTED) {
    const rows = get(raw, table);
    if (!Array.isArray(rows)) continue;
    for (const f of fields) if (rows.some((r) => isPlainObject(r) && r[f] !== undefined && !(f === "pause_on_launch" && isAudioRow(r)))) out.push(`${table}[].${f}`);
  }
  return out;
}

const covers = (prefix: string, key: string) => key === prefix || key.startsWith(`${prefix}.`);

/** Splits keys the schema did not read into the reference's (no effect here) and unknown ones. */
export function classifyIgnored(keys: readonly string[]): { unsupported: string[]; unknown: string[] } {
  const aliased = REFERENCE_ALIASES.map(([from]) => from);
  const unsupported: string[] = [];
  const unknown: string[] = [];
  for (const key of keys) {
    if (aliased.includes(key)) continue;
    (REFERENCE_UNSUPPORTED.some((p) => covers(p, key)) ? unsupported : unknown).push(key);
  }
  return { unsupported, unknown };
}
