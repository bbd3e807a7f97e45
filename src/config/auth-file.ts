/**
 * `auth.toml` beside the config file: credentials for services the device connects to (MQTT brokers), in the
 * reference's format so an existing file keeps working. Entries are keyed by URL (`"mqtt://host:1883"`) or by
 * `host:port`, at the top level, under `[creds]` or under `[auth.creds]`:
 *
 *   [creds."mqtt://broker.lan:1883"]
 *   username = "zaparoo"
 *   password = "…"
 *
 * Read when needed (a change applies at the next connection). Nothing from this file is ever logged.
 */
import { existsSync, readFileSync } from "node:fs";
import { type } from "../core/lazy-arktype.ts";
import { parse } from "smol-toml";
import { log } from "../log.ts";

const logger = log.withTag("auth");

export const AuthEntry = type({ "+": "delete", "username?": "string", "password?": "string", "bearer?": "string" });
export type AuthEntry = typeof AuthEntry.infer;

/** What to look credentials up for. */
export interface AuthTarget {
  scheme: string;
  host: string;
  port: number;
}

const SCHEME_ALIASES: Record<string, string> = { tcp: "mqtt", ssl: "mqtts", ws: "http", wss: "https" };
const canonicalScheme = (s: string) => SCHEME_ALIASES[s.toLowerCase()] ?? s.toLowerCase();
const isTable = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every credential entry in the file's text, by key; entries that are not tables of strings are skipped. */
export function parseAuthFile(text: string): Map<string, AuthEntry> {
  const raw = parse(text) as Record<string, unknown>;
  const out = new Map<string, AuthEntry>();
  const take = (table: unknown) => {
    if (!isTable(table)) return;
    for (const [key, value] of Object.entries(table)) {
      if (key === "creds" || key === "auth" || key === "api_keys") continue;
      const entry = AuthEntry(value);
      if (!(entry instanceof type.errors)) out.set(key, entry);
    }
  };
  take(raw);
  take(raw.creds);
  take(isTable(raw.auth) ? raw.auth.creds : undefined);
  return out;
}

/** The entry for a target: same scheme, host and port first, then a `host:port` key without a scheme. */
export function lookupAuth(entries: ReadonlyMap<string, AuthEntry>, target: AuthTarget): AuthEntry | undefined {
  const host = target.host.toLowerCase();
  let schemeless: AuthEntry | undefined;
  for (const [key, entry] of entries) {
    if (!key.includes("://")) {
      if (key.toLowerCase() === `${host}:${target.port}`) schemeless ??= entry;
      continue;
    }
    let url: URL;
    try {
      url = new URL(key);
    } catch {
      continue;
    }
    const scheme = canonicalScheme(url.protocol.slice(0, -1));
    const port = url.port === "" ? undefined : Number(url.port);
    const hostname = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    if (scheme === canonicalScheme(target.scheme) && hostname === host && (port === undefined || port === target.port)) return entry;
  }
  return schemeless;
}

/** Reads the file at each call; a missing file means no credentials, an unreadable one is logged (not its text). */
export function authLookup(path: string): (target: AuthTarget) => AuthEntry | undefined {
  let lastProblem = "";
  return (target) => {
    if (!existsSync(path)) return undefined;
    try {
      const entries = parseAuthFile(readFileSync(path, "utf8"));
      lastProblem = "";
      return lookupAuth(entries, target);
    } catch (err) {
      const problem = err instanceof Error && "line" in err ? `not valid TOML at line ${(err as { line: number }).line}` : "cannot be read";
      if (problem !== lastProblem) logger.warn(`${path} ${problem}; connecting without credentials`);
      lastProblem = problem;
      return undefined;
    }
  };
}
