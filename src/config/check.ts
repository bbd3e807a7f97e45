import { ConfigError, ignoredKeys, parseConfig } from "./store.ts";
import { classifyIgnored, unsupportedArrayFields } from "./reference-keys.ts";
import { lineOf } from "./toml-lines.ts";

export interface ConfigReport {
  /** Every problem that stops the service from starting, each with its line where known. */
  errors: string[];
  /** Keys read (dotted, `[]` for array tables), with their line. */
  used: string[];
  /** Reference keys read under our name (`reference → ours`). */
  mapped: string[];
  /** Reference keys kept but without effect here. */
  unsupported: string[];
  /** Keys neither we nor the reference know (a typo?). */
  unknown: string[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function leafKeys(raw: unknown, prefix = ""): string[][] {
  if (!isPlainObject(raw)) return [];
  return Object.entries(raw).flatMap(([k, v]) => (isPlainObject(v) && Object.keys(v).length > 0 ? leafKeys(v, `${prefix}${k}.`).map((p) => p) : [[`${prefix}${k}`]]));
}

/** What the service would make of a config file's text (`tapserve config check FILE`), without starting it. */
export function checkConfigText(text: string, path: string): ConfigReport {
  let parsed;
  try {
    parsed = parseConfig(text, path);
  } catch (err) {
    if (err instanceof ConfigError) return { errors: err.problems, used: [], mapped: [], unsupported: [], unknown: [] };
    throw err;
  }
  const ignored = ignoredKeys(parsed.raw, parsed.config);
  const { unknown, unsupported } = classifyIgnored(ignored);
  unsupported.push(...unsupportedArrayFields(parsed.raw));
  const skip = new Set(ignored);
  const withLine = (key: string) => {
    const line = lineOf(text, key.split("."));
    return line === null ? key : `${key} (line ${line})`;
  };
  const used = leafKeys(parsed.raw)
    .map(([k]) => k!)
    .filter((k) => !skip.has(k) && !parsed.mapped.some((m) => m.startsWith(`${k} `)));
  return { errors: [], used: used.map(withLine), mapped: parsed.mapped, unsupported: unsupported.map(withLine), unknown: unknown.map(withLine) };
}
