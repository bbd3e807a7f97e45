import { existsSync, readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { withReferenceAliases } from "./reference-keys.ts";

/** The few config values a listener needs before the service (and its config schema) is loaded. */
export interface StartSettings {
  port: number;
  /** `service.platform` as written ("" = detect). */
  platform: string;
  tls?: { certPath: string; keyPath: string };
}

/** The schema's default `service.api_port` (schema.ts); a differing value is caught when the service compares. */
const DEFAULT_API_PORT = 7497;

/**
 * Reads `service.api_port`, `service.platform` and the TLS files from the config file with plain checks, for
 * listening first (issue 26). Null when anything about them is unclear (unreadable file, TOML error, a value of
 * the wrong kind): the caller then waits for the full, validated load. Never a replacement for it: the service
 * validates the whole file as always and takes over this listener only if it agrees on these values.
 */
export function readStartSettings(configPath: string): StartSettings | null {
  let raw: Record<string, unknown> = {};
  try {
    if (existsSync(configPath)) raw = withReferenceAliases(parse(readFileSync(configPath, "utf8")) as Record<string, unknown>).input;
  } catch {
    return null;
  }
  const service = raw.service ?? {};
  if (typeof service !== "object" || service === null || Array.isArray(service)) return null;
  const s = service as Record<string, unknown>;
  const port = s.api_port ?? DEFAULT_API_PORT;
  if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  const text = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : null);
  const platform = text(s.platform);
  const cert = text(s.tls_cert);
  const key = text(s.tls_key);
  if (platform === null || cert === null || key === null) return null;
  return { port, platform, tls: cert && key ? { certPath: cert, keyPath: key } : undefined };
}
