import type { Config } from "./schema.ts";

/**
 * Every config key, classified by what a change to it lets the changer do. Keys that make the service open a
 * path or device, run a program, reach another endpoint or widen what scripts and peers may do may be changed
 * (through `settings.update` or any later API) only from the device itself or by an admin client; the rest are
 * plain preferences. A key is a dotted path; an array of tables (`readers.connect`) is one key.
 * test/unit/sensitive-keys.test.ts fails when the schema has a key this table does not classify.
 */
export type KeyClass =
  /** a preference: no file, device, program or peer is named by it */
  | "plain"
  /** a file or folder the service reads or serves */
  | "path"
  /** a device the service opens, or a connection string naming one (readers) */
  | "device"
  /** a program the service starts */
  | "program"
  /** another service the device talks to (and sends credentials to) */
  | "endpoint"
  /** widens what launch scripts or remote peers may do */
  | "widens";

export const CONFIG_KEYS: Readonly<Record<string, KeyClass>> = {
  config_schema: "plain",
  debug_logging: "plain",
  console_logging: "plain",
  "audio.scan_feedback": "plain",
  "audio.player": "program",
  "audio.device": "device",
  "audio.music_player": "program",
  "readers.auto_detect": "plain",
  "readers.probe_unknown_ports": "plain",
  "readers.run_zapscript": "plain",
  "readers.scan.mode": "plain",
  "readers.scan.exit_delay": "plain",
  "readers.scan.ignore_system": "plain",
  "readers.scan.launch_guard.enabled": "plain",
  "readers.scan.launch_guard.timeout": "plain",
  "readers.scan.launch_guard.delay": "plain",
  "readers.scan.launch_guard.require_confirm": "plain",
  // parental limits: lifting one widens what a player may do, so only the device or an admin changes them
  "playtime.limits.enabled": "widens",
  "playtime.limits.daily": "widens",
  "playtime.limits.session": "widens",
  "playtime.limits.session_reset": "widens",
  "playtime.limits.warnings": "widens",
  "playtime.retention": "widens",
  // backups: where archives go, and whether the device's data leaves it for a server
  "backup.local_dir": "path",
  "backup.remote.enabled": "widens",
  "backup.remote.base_url": "endpoint",
  "backup.remote.link_url": "endpoint",
  "backup.remote.schedule": "plain",
  "readers.connect": "device", // file:, serial and disc paths, MQTT brokers
  "launchers.index_root": "path",
  "mappings.entry": "widens", // rewrites what a tag runs
  "systems.default": "plain", // picks among the launchers already configured
  "media.default_regions": "plain",
  "media.default_langs": "plain",
  "launchers.custom": "program",
  "launchers.retroarch": "plain",
  "launchers.preference": "plain", // orders the launchers already available
  "launchers.before_media_start": "widens", // a script run with the device's own trust
  "launchers.on_media_start": "widens", // a script run with the device's own trust
  "readers.scan.on_scan": "widens", // a script run with the device's own trust
  "readers.scan.on_remove": "widens", // a script run with the device's own trust
  "zapscript.allow_execute": "widens",
  "zapscript.allow_remote_execute": "widens",
  "zapscript.allow_http": "widens",
  "zapscript.block_commands": "widens", // emptying it lets scripts run what was refused
  "platforms.timeout": "plain",
  "platforms.poll_interval": "plain",
  "platforms.batocera_api": "endpoint",
  "platforms.kodi_url": "endpoint",
  "platforms.kodi_user": "plain",
  "platforms.kodi_password": "plain",
  "platforms.kodi_activity": "plain",
  "platforms.steam_dir": "path",
  "service.api_port": "plain",
  "service.device_id": "plain",
  "service.allow_launch": "widens",
  "service.allow_api": "widens",
  "service.allowed_origins": "widens", // pages of these origins get the device's own trust in a browser
  "service.on_boot": "widens", // a script run with the device's own trust
  "service.on_ready": "widens",
  "service.platform": "widens", // picks which launchers (programs) run
  "service.tls_cert": "path",
  "service.tls_key": "path",
  "service.name": "plain",
  "service.mdns": "plain",
  "service.mdns_interface": "plain",
  "service.publishers.mqtt": "endpoint", // brokers the device connects to (with auth.toml's credentials) and takes commands from
};

/** The value at a dotted key, or undefined. */
export function valueAt(config: Readonly<Config>, key: string): unknown {
  let v: unknown = config;
  for (const part of key.split(".")) v = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** Every key of a config value as the table names them: nested tables are walked, arrays are one key. */
export function configKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return prefix ? [prefix] : [];
  return Object.entries(value).flatMap(([k, v]) => configKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** The keys that are not plain and differ between two configs. */
export function sensitiveChanges(previous: Readonly<Config>, next: Readonly<Config>): string[] {
  return Object.entries(CONFIG_KEYS)
    .filter(([key, cls]) => cls !== "plain" && JSON.stringify(valueAt(previous, key)) !== JSON.stringify(valueAt(next, key)))
    .map(([key]) => key);
}

/**
 * Reader drivers by what their connection string's path names (driver names compare lowercase without
 * underscores, as the registry does). A driver missing here is refused at `settings.update`.
 */
export const READER_PATH_KINDS: Readonly<Record<string, "token-file" | "device" | "folder" | "no-local-path">> = {
  file: "token-file",
  simpleserial: "device",
  rs232barcode: "device",
  pn532: "device",
  pn532uart: "device",
  pn532i2c: "device",
  pn532spi: "device",
  legacypn532uart: "device",
  legacypn532i2c: "device",
  acr122pcsc: "no-local-path", // a PC/SC reader name
  acr122usb: "no-local-path", // libnfc's USB bus:device, not opened (every PC/SC reader instead)
  libnfcacr122: "no-local-path",
  opticaldrive: "device",
  externaldrive: "folder",
  pcsc: "no-local-path", // a PC/SC reader name
  mqtt: "no-local-path", // a broker address and topic
  tty2oled: "device", // a display's serial port; none: found by its handshake
  operator: "no-local-path", // MiSTer: the Operator bridge's /tmp/zaparoo-operator.token (or a token file); the reader checks it when it opens
};
