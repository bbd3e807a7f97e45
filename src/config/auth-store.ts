/**
 * Writes credentials into `auth.toml` (read by auth-file.ts) in the reference's current layout,
 * `[creds."<scheme>://<host>"]` with `bearer` and `linked_via` (the root URL whose link created the entry, so an
 * unlink removes the whole family). Other entries, API keys and unknown keys are kept. The file is replaced
 * atomically with mode 0600; nothing from it is ever logged.
 */
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { parse, stringify } from "smol-toml";
import { writeFileAtomic } from "./atomic-write.ts";

export interface StoredCredential {
  username?: string;
  password?: string;
  bearer?: string;
  linked_via?: string;
}

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v);
const RESERVED = new Set(["creds", "auth", "api_keys"]);

function readRaw(path: string): Table {
  return existsSync(path) ? (parse(readFileSync(path, "utf8")) as Table) : {};
}

/** The tables entries may live in: the top level, `[creds]`, `[auth.creds]`. */
function entryTables(raw: Table): Table[] {
  const out = [raw];
  if (isTable(raw.creds)) out.push(raw.creds);
  if (isTable(raw.auth) && isTable(raw.auth.creds)) out.push(raw.auth.creds);
  return out;
}

/** Every credential entry by its key (the same keys auth-file.ts reads). */
export function readCredentials(path: string): Map<string, StoredCredential> {
  const out = new Map<string, StoredCredential>();
  for (const table of entryTables(readRaw(path))) {
    for (const [key, value] of Object.entries(table)) {
      if (RESERVED.has(key) || !isTable(value)) continue;
      const entry: StoredCredential = {};
      for (const k of ["username", "password", "bearer", "linked_via"] as const) if (typeof value[k] === "string") entry[k] = value[k] as string;
      out.set(key, entry);
    }
  }
  return out;
}

function write(path: string, raw: Table): void {
  writeFileAtomic(path, `${stringify(raw)}\n`, 0o600);
  chmodSync(path, 0o600);
}

const sameKey = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function removeFrom(raw: Table, keys: readonly string[]): string[] {
  const removed: string[] = [];
  for (const table of entryTables(raw)) {
    for (const key of Object.keys(table)) {
      if (RESERVED.has(key) || !isTable(table[key]) || !keys.some((k) => sameKey(k, key))) continue;
      delete table[key];
      removed.push(key);
    }
  }
  return removed;
}

/** Stores (replaces) the entry for `key` under `[creds]`. */
export function saveCredential(path: string, key: string, entry: StoredCredential): void {
  const raw = readRaw(path);
  removeFrom(raw, [key]);
  const creds = isTable(raw.creds) ? raw.creds : {};
  creds[key] = { ...entry };
  raw.creds = creds;
  write(path, raw);
}

/** Removes the entries named (case-insensitively); returns the keys removed. */
export function deleteCredentials(path: string, keys: readonly string[]): string[] {
  if (keys.length === 0 || !existsSync(path)) return [];
  const raw = readRaw(path);
  const removed = removeFrom(raw, keys);
  if (removed.length) write(path, raw);
  return removed;
}
