import type { Config } from "./schema.ts";

/**
 * Settings read once at start: the listening socket, TLS, the platform and its watchers, mDNS. Everything else is
 * read where it is used (readers, audio, launchers, allow-lists, logging) and applies as soon as the config changes.
 */
const READ_AT_START: readonly (readonly [keyof Config, string])[] = [
  ["service", "api_port"],
  ["service", "tls_cert"],
  ["service", "tls_key"],
  ["service", "platform"],
  ["service", "device_id"],
  ["service", "name"],
  ["service", "mdns"],
  ["service", "mdns_interface"],
  ["service", "on_boot"],
  ["service", "on_ready"],
  ["service", "publishers"],
  ["platforms", "kodi_activity"],
  ["platforms", "steam_dir"],
];

/** The dotted keys that differ between two configs and take effect only after a restart. */
export function restartNeeded(previous: Readonly<Config>, next: Readonly<Config>): string[] {
  const changed: string[] = [];
  for (const [section, key] of READ_AT_START) {
    const a = (previous[section] as Record<string, unknown>)[key];
    const b = (next[section] as Record<string, unknown>)[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changed.push(`${section}.${key}`);
  }
  return changed;
}
