import { DomainError } from "../core/errors.ts";
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { type } from "../core/lazy-arktype.ts";
import { parse, stringify, TomlError } from "smol-toml";
import { writeFileAtomic } from "./atomic-write.ts";
import { CheckedConfigCache } from "./checked-config.ts";
import { pathProblems, tokenFolders } from "./path-rules.ts";
import { classifyIgnored, dropAliasEchoes, unsupportedArrayFields, withReferenceAliases } from "./reference-keys.ts";
import { lineOf } from "./toml-lines.ts";
import { type Config, configTypes, CONFIG_SCHEMA_VERSION, defaultConfig } from "./schema.ts";

/** The config (a file being loaded, or an update) breaks the schema; `problems` lists every one. */
export class ConfigError extends DomainError {
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super("invalid", `config file ${path} is invalid:\n  - ${problems.join("\n  - ")}`);
  }
}

type Raw = Record<string, unknown>;
type Listener = (next: Readonly<Config>, previous: Readonly<Config>) => void;

const isPlainObject = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

/** Overlays `known` onto `raw`, so keys this version does not understand survive a save untouched. */
function overlay(raw: Raw, known: Raw): Raw {
  const out: Raw = { ...raw };
  for (const [k, v] of Object.entries(known)) {
    out[k] = isPlainObject(v) && isPlainObject(raw[k]) ? overlay(raw[k] as Raw, v) : v;
  }
  return out;
}

/** Plain data as JSON carries it (plain objects, no prototypes to compare): for comparing a file with a config. */
const asJsonData = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Parses and validates config text, reporting every problem at once. With `checked`, text this code has checked
 * before is not checked again: its result is read from there, and a new result is recorded there.
 */
export function parseConfig(text: string, path: string, checked: CheckedConfigCache | null = null): { config: Config; raw: Raw; mapped: string[] } {
  let raw: Raw;
  try {
    raw = parse(text) as Raw;
  } catch (err) {
    const detail = err instanceof TomlError ? `line ${err.line}, column ${err.column}: ${err.message.split("\n")[0]}` : String(err);
    throw new ConfigError(path, [`not valid TOML (${detail}); the file may be truncated`]);
  }
  // the reference's names for keys we have under another name (reference-keys.ts) are read as ours
  const { input, mapped } = withReferenceAliases(raw);
  const known = checked?.read(text);
  if (known) return { config: known, raw, mapped };
  const config = configTypes().ConfigFile(input);
  if (config instanceof type.errors) {
    throw new ConfigError(
      path,
      config.map((e) => {
        const line = lineOf(text, [...e.path].map((k) => (typeof k === "number" ? k : String(k))));
        return line === null ? e.toString() : `line ${line}: ${e.toString()}`;
      }),
    );
  }
  if (config.config_schema > CONFIG_SCHEMA_VERSION) {
    throw new ConfigError(path, [`config_schema ${config.config_schema} is newer than this version understands (${CONFIG_SCHEMA_VERSION})`]);
  }
  checked?.write(text, config);
  return { config, raw, mapped };
}

/** Keys of `raw` (dotted paths, tables walked to their keys) the validated config does not have: what this version ignored. */
export function ignoredKeys(raw: unknown, known: unknown, prefix = ""): string[] {
  if (!isPlainObject(raw) || !isPlainObject(known)) return [];
  return Object.entries(raw).flatMap(([k, v]) => {
    if (k in known) return ignoredKeys(v, known[k], `${prefix}${k}.`);
    return isPlainObject(v) && Object.keys(v).length > 0 ? ignoredKeys(v, {}, `${prefix}${k}.`) : [`${prefix}${k}`];
  });
}

/**
 * Holds the current configuration: loaded once, replaced whole on update (each snapshot frozen), saved
 * atomically. Services read `current` when they need a value and may subscribe to changes.
 */
export class ConfigStore {
  private config: Readonly<Config> | null = null;
  private raw: Raw = {};
  private readonly listeners = new Set<Listener>();

  /** Where `file:` readers may read (path-rules.ts); by default `tokens/` beside the config and /run/tapserve. */
  readonly tokenFolders: readonly string[];
  /** What this code made of the file before (checked-config.ts); null: the file is checked at every load. */
  private readonly checked: CheckedConfigCache | null;

  /** `codeStamp`: the running code's identity (runtime `codeStamp`); without one, no check is remembered. */
  constructor(
    readonly path: string,
    opts: { tokenFolders?: readonly string[]; codeStamp?: string | null } = {},
  ) {
    this.tokenFolders = opts.tokenFolders ?? tokenFolders(dirname(path));
    this.checked = opts.codeStamp ? new CheckedConfigCache(path, opts.codeStamp) : null;
  }

  get current(): Readonly<Config> {
    this.config ??= deepFreeze(defaultConfig());
    return this.config;
  }

  /**
   * Loads the file, creating it with defaults (and a new device id) when it does not exist. `ignored` names the
   * keys this version does not know: kept in the file, but without effect (often a typo); `unsupported` the
   * reference's keys kept without effect here; `mapped` the reference's keys read under our name.
   */
  load(): { created: boolean; ignored: string[]; unsupported: string[]; mapped: string[] } {
    let created = false;
    let ignored: string[] = [];
    let unsupported: string[] = [];
    let mapped: string[] = [];
    if (existsSync(this.path)) {
      const parsed = parseConfig(readFileSync(this.path, "utf8"), this.path, this.checked);
      this.raw = parsed.raw;
      this.config = deepFreeze(parsed.config);
      ({ unknown: ignored, unsupported } = classifyIgnored(ignoredKeys(parsed.raw, parsed.config)));
      unsupported.push(...unsupportedArrayFields(parsed.raw));
      mapped = parsed.mapped;
    } else {
      created = true;
    }
    if (this.current.service.device_id === "" || created) {
      const next = structuredClone(this.current) as Config;
      if (next.service.device_id === "") next.service.device_id = randomUUID();
      this.config = deepFreeze(next);
      const text = this.save();
      // a file this code wrote from a checked config reads back as that config: remembered as checked, so the
      // next start need not check it (only when it reads back exactly so: nothing of the user's is kept in it)
      if (created && isDeepStrictEqual(asJsonData(parse(text)), asJsonData(this.current))) this.checked?.write(text, this.current);
    }
    return { created, ignored, unsupported, mapped };
  }

  /**
   * Reads the file again (`settings.reload`) and swaps the result in, notifying listeners. A file that does not
   * parse or validate throws a ConfigError and leaves the running config untouched.
   */
  reload(): { previous: Readonly<Config>; next: Readonly<Config> } {
    const parsed = parseConfig(readFileSync(this.path, "utf8"), this.path, this.checked);
    const previous = this.current;
    if (parsed.config.service.device_id === "") parsed.config.service.device_id = previous.service.device_id;
    this.raw = parsed.raw;
    this.config = deepFreeze(parsed.config);
    for (const l of this.listeners) l(this.current, previous);
    return { previous, next: this.current };
  }

  /** Applies a change to a copy, validates the result, saves it, then swaps it in and notifies. */
  update(mutate: (draft: Config) => void): Readonly<Config> {
    const draft = structuredClone(this.current) as Config;
    mutate(draft);
    const checked = configTypes().ConfigFile(draft);
    // an update is refused whole: every problem named, nothing applied
    if (checked instanceof type.errors) throw new DomainError("invalid", checked.map((e) => e.toString()).join("; "));
    const previous = this.current;
    // paths, devices and folders the update adds must be what their key allows (path-rules.ts)
    const problems = pathProblems(previous, checked, this.tokenFolders);
    if (problems.length) {
      throw new DomainError("invalid", problems.map((p) => `${p.key} ${JSON.stringify(p.value)}: ${p.reason}`).join("; "), { problems });
    }
    const next = deepFreeze(checked);
    this.config = next;
    try {
      this.save();
    } catch (err) {
      this.config = previous;
      throw err;
    }
    for (const l of this.listeners) l(next, previous);
    return next;
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes the current config to the file; returns the text written. */
  private save(): string {
    const text = `${stringify(dropAliasEchoes(overlay(this.raw, structuredClone({ ...this.current, config_schema: CONFIG_SCHEMA_VERSION }) as unknown as Raw), this.raw))}\n`;
    writeFileAtomic(this.path, text, 0o600);
    chmodSync(this.path, 0o600);
    return text;
  }
}
