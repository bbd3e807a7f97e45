import { type } from "../core/lazy-arktype.ts";
import { invalidAllowEntries } from "../core/net/addresses.ts";
import { isDuration } from "../core/playtime/duration.ts";
import { execRuleProblem } from "../core/zapscript/exec-allow.ts";
import { httpAllowProblem } from "../core/zapscript/http-allow.ts";
import { validOriginEntry } from "../core/net/browser-rules.ts";
import { splitReferenceCommand } from "../core/reference-command.ts";

/**
 * The config file (TOML), with the reference implementation's key names where it has them so a user's
 * existing file keeps working. The schema is the type, the defaults and the validation in one place.
 * Unknown keys are kept in the file untouched (see store.ts) but not read.
 */

function buildConfigTypes() {
  const ReaderConnection = type({ "+": "delete", driver: "string > 0", "path?": "string", "id_source?": "string", "enabled?": "boolean" });

  /**
   * A `[[launchers.custom]]` entry, in our shape (`command` as argv, `systems`, `extensions`) or the reference's
   * (`execute` as one string with `[[media_path]]`-style placeholders, `system`, `file_exts`, `media_dirs`); both
   * may be mixed. The reference's extra fields are kept in the file; see reference-launcher.ts for what they do.
   * An entry without a command is skipped with a note at start (custom-launcher.ts), as the reference ignores an
   * invalid entry: its docs show entries one field at a time.
   */
  const CustomLauncher = type({
    "+": "delete",
    id: "string > 0",
    "systems?": "string[]",
    "extensions?": "string[]",
    /** Command line; `{path}` (and `{system}`) are replaced, each as one argument. */
    "command?": "string[] > 0",
    "schemes?": "string[]",
    /** The reference's shape. */
    "system?": "string",
    "execute?": type("string").narrow((e, ctx) => splitReferenceCommand(e) !== null || ctx.mustBe("a command line with closed quotes")),
    "media_dirs?": "string[]",
    "file_exts?": "string[]",
    "groups?": "string[]",
    "lifecycle?": "'blocking' | 'background'",
    "restricted?": "boolean",
    "kind?": "string",
    "backend?": "string",
    "name?": "string",
    "category?": "string",
    "load_path?": "string",
    "controls?": "Record<string, string>",
  });

  const Audio = type({
    "+": "delete",
    scan_feedback: "boolean = true",
    /** Program that plays the feedback sounds (gets `-q [-D device] -` and a WAV on stdin). */
    player: "string = 'aplay'",
    /** ALSA device for the player (`-D`); empty: the default device. */
    device: "string = ''",
    /** Command that plays music in the background slot (`{file}`: the track); empty: mpv, ffplay … found on PATH. */
    music_player: "string = ''",
  });
  /** `readers.scan.launch_guard`: scans that would replace running media wait for a confirmation (see launch-guard.ts). */
  const LaunchGuard = type({
    "+": "delete",
    enabled: "boolean = false",
    /** Seconds a staged token waits; 0 = 15 (the default), -1 = no limit. */
    timeout: "-1 <= number <= 3600 = 0",
    /** Seconds before a re-tap confirms (never as long as the timeout). */
    delay: "0 <= number <= 3600 = 0",
    /** Only `confirm` from a client launches a staged token. */
    require_confirm: "boolean = false",
  });
  const ReadersScan = type({
    "+": "delete",
    mode: "'tap' | 'hold' = 'tap'",
    exit_delay: "0 <= number <= 3600 = 0",
    ignore_system: type("string[]").default(() => []),
    launch_guard: LaunchGuard.default(() => LaunchGuard.assert({})),
    /** A script run when a reader scans a token, before it launches (the reference's); its failure drops the scan. */
    on_scan: "string = ''",
    /** Hold mode: a script run when a token is removed, before the exit; its failure keeps the media running. */
    on_remove: "string = ''",
  });
  const Readers = type({
    "+": "delete",
    auto_detect: "boolean = true",
    /** Detection also probes serial ports sysfs cannot name as a reader's USB chip (off: they are never written to). */
    probe_unknown_ports: "boolean = false",
    /** Scanned tokens run their launch script (off: scans are only reported, e.g. for a tag inventory). */
    run_zapscript: "boolean = true",
    scan: ReadersScan.default(() => ReadersScan.assert({})),
    connect: ReaderConnection.array().default(() => []),
  });
  const Launchers = type({
    "+": "delete",
    index_root: type("string[]").default(() => []),
    custom: CustomLauncher.array().default(() => []),
    retroarch: "boolean = true",
    /** Launcher ids or groups (`Native`, `RetroDECK` …) preferred, in order, when several can run a file (the reference's). */
    preference: type("string[]").default(() => []),
    /** A script run before each command that starts media (the reference's); its failure stops the launch. */
    before_media_start: "string = ''",
    /** A script run after media starts (the reference's); a failure is logged. */
    on_media_start: "string = ''",
  });
  /** One `zapscript.allow_http` entry: a host name, an IP address, a CIDR block or a reference URL pattern (http-allow.ts). */
  /** One `service.allow_api` / `allow_launch` entry: `*`, an IP address or a CIDR block (a typo must not let anyone in). */
  const AddressAllowEntry = type("string").narrow((entry, ctx) => invalidAllowEntries([entry]).length === 0 || ctx.mustBe("\"*\", an IP address or a CIDR block"));
  const HttpAllowEntry = type("string").narrow((entry, ctx) => {
    const problem = httpAllowProblem(entry);
    return problem === null || ctx.mustBe(problem);
  });
  /** One `zapscript.allow_execute` entry: `<program regex> <arguments regex>` (src/core/zapscript/exec-allow.ts). */
  const ExecAllowEntry = type("string").narrow((entry, ctx) => {
    const problem = execRuleProblem(entry);
    return problem === null || ctx.mustBe(`"<program> <arguments>", two RE2 regular expressions (${problem})`);
  });
  const ZapScript = type({
    "+": "delete",
    allow_execute: ExecAllowEntry.array().default(() => []),
    /** Let `execute` run for scripts that came from another device (the API from a remote caller, GET /l/ from the LAN). */
    allow_remote_execute: "boolean = false",
    /** Hosts, addresses and CIDR blocks that http.get/http.post may reach although they are the device itself or link-local. */
    allow_http: HttpAllowEntry.array().default(() => []),
    /** Commands (and aliases) a script may not run, by name; refused with an error naming the key. */
    block_commands: type("string[]").default(() => []),
    /** Which keys the input commands may press (src/core/input/input-policy.ts); absent: the platform's defaults. */
    "input?": type({ "+": "delete", "mode?": "'combos' | 'unrestricted'", "allow?": "string[]", "block?": "string[]" }),
  });
  /** Front ends and media centres the service drives (src/platforms/). */
  const Platforms = type({
    "+": "delete",
    /** Seconds each call to a platform interface (Batocera's API, Kodi's JSON-RPC) may take before it fails. */
    timeout: "0 < number <= 120 = 5",
    /** Seconds between two "what is running" checks of a platform. */
    poll_interval: "0 < number <= 60 = 2",
    /** Batocera's EmulationStation web API. */
    batocera_api: "string = 'http://127.0.0.1:1234'",
    /** Kodi's JSON-RPC over HTTP (`/jsonrpc` is added); user and password when Kodi asks for them. */
    kodi_url: "string = 'http://127.0.0.1:8080'",
    kodi_user: "string = ''",
    kodi_password: "string = ''",
    /** Follow what Kodi plays: "auto" = on LibreELEC and Batocera, "on", "off". */
    kodi_activity: "'auto' | 'on' | 'off' = 'auto'",
    /** Steam's folder; empty: the usual places (~/.steam/steam, ~/.local/share/Steam, Flatpak). */
    steam_dir: "string = ''",
  });
  /** `[[service.publishers.mqtt]]` (the reference's): notifications to a broker; `home_assistant` adds HA discovery. */
  const MqttPublisherConfig = type({
    "+": "delete",
    "enabled?": "boolean",
    /** `host:port`, `mqtt://host:port` or `mqtts://host:port` (TLS); credentials in auth.toml. An entry without broker or topic is not started (logged), as the reference. */
    "broker?": "string",
    "topic?": "string",
    /** Notification methods to publish; empty: all. */
    "filter?": "string[]",
    /** Home Assistant MQTT discovery, state, scan events and command topics under `<topic>/<node>/`; default: on for the first enabled entry. */
    "home_assistant?": "boolean",
    /** Home Assistant's discovery prefix (its default: homeassistant). */
    "discovery_prefix?": "string > 0",
  });
  const Publishers = type({ "+": "delete", mqtt: MqttPublisherConfig.array().default(() => []) });
  const Service = type({
    "+": "delete",
    api_port: "1 <= number.integer <= 65535 = 7497",
    device_id: "string = ''",
    /** Addresses or CIDRs (or "*") from which remote hosts may use GET /l/. */
    allow_launch: AddressAllowEntry.array().default(() => []),
    /** Addresses or CIDRs (or "*") from which remote hosts may use POST /api and /api/events. */
    allow_api: AddressAllowEntry.array().default(() => []),
    /** Web page origins (full `scheme://host[:port]`, or a bare host name) that may use the API from a browser. */
    allowed_origins: type("string").narrow((e, ctx) => validOriginEntry(e) || ctx.mustBe("an origin (scheme://host[:port]) or a host name")).array().default(() => []),
    /** Scripts run at start (the reference's): once per boot of the device, and every time the service is ready. */
    on_boot: "string = ''",
    on_ready: "string = ''",
    /** Force the platform id instead of detecting it. */
    platform: "string = ''",
    tls_cert: "string = ''",
    tls_key: "string = ''",
    /** Name advertised to phones. */
    name: "string = ''",
    /** Advertise the service over mDNS (`_zaparoo._tcp`) so phone apps find it. */
    mdns: "boolean = true",
    /** Restrict mDNS to the interface with this address (empty: all interfaces). */
    mdns_interface: "string = ''",
    publishers: Publishers.default(() => Publishers.assert({})),
  });

  /** A Go duration text ("45m", "1h30m"; "" = none), checked when the config loads. */
  const ConfigDuration = type("string").narrow((s, ctx) => s === "" || isDuration(s) || ctx.mustBe('a duration such as "45m" or "1h30m"'));
  /** Parental controls: daily and session budgets of play, as the reference names them. */
  const PlaytimeLimitsConfig = type({
    "+": "delete",
    enabled: "boolean = false",
    /** Play allowed per day (local midnight to midnight); "" or "0": no daily limit. */
    daily: ConfigDuration.default(""),
    /** Play allowed per session; "" or "0": no session limit. */
    session: ConfigDuration.default(""),
    /** Idle time after which the next game starts a new session; "0": a session never resets by itself. */
    session_reset: ConfigDuration.default("20m"),
    /** Remaining-time warnings; empty: 5m, 2m, 1m. */
    warnings: ConfigDuration.array().default(() => []),
  });
  const Playtime = type({
    "+": "delete",
    /** Days of play history kept; 0 keeps everything. */
    retention: "0 <= number.integer <= 36500 = 365",
    limits: PlaytimeLimitsConfig.default(() => PlaytimeLimitsConfig.assert({})),
  });
  /** `[backup]`: local archives in `<data>/backups` (or `local_dir`); `[backup.remote]` the reference's upload settings. */
  const BackupRemote = type({
    "+": "delete",
    enabled: "boolean = false",
    schedule: "'daily' | 'weekly' | 'manual' = 'daily'",
    /** The backup server; http only for localhost or a private IP literal (as the reference). */
    base_url: "string = 'https://api.zaparoo.com'",
    /** Ours (the reference has no key: its link goes to its official API unless the call names a url): the account service settings.auth.link asks. */
    link_url: "string = 'https://api.zaparoo.com'",
  });
  const Backup = type({
    "+": "delete",
    local_dir: "string = ''",
    remote: BackupRemote.default(() => BackupRemote.assert({})),
  });

  /** `[media]` (the reference's): which file a title picks among its versions (src/core/titles/); empty: the reference's defaults. */
  const Media = type({
    "+": "delete",
    /** Preferred regions, first first (`us`, `world`, `eu`, `jp` …); empty: us, world. */
    default_regions: type("string[]").default(() => []),
    /** Preferred languages (`en`, `fr`, `ja` …); empty: en. */
    default_langs: type("string[]").default(() => []),
  });

  /** `[[mappings.entry]]` in config.toml (the reference's): checked and used as the mapping files' entries are (core/file-mappings.ts). */
  const ConfigMappings = type({ "+": "delete", entry: type("Record<string, unknown>").array().default(() => []) });

  /** `[[systems.default]]` (the reference's): the launcher a system's media use when a script names none. */
  const SystemDefault = type({ "+": "delete", system: "string", "launcher?": "string", "before_exit?": "string", "pause_on_launch?": "boolean" });
  const Systems = type({ "+": "delete", default: SystemDefault.array().default(() => []) });

  const ConfigFile = type({
    "+": "delete",
    config_schema: "number.integer = 1",
    debug_logging: "boolean = false",
    console_logging: "boolean = true",
    audio: Audio.default(() => Audio.assert({})),
    readers: Readers.default(() => Readers.assert({})),
    launchers: Launchers.default(() => Launchers.assert({})),
    zapscript: ZapScript.default(() => ZapScript.assert({})),
    platforms: Platforms.default(() => Platforms.assert({})),
    service: Service.default(() => Service.assert({})),
    playtime: Playtime.default(() => Playtime.assert({})),
    backup: Backup.default(() => Backup.assert({})),
    mappings: ConfigMappings.default(() => ConfigMappings.assert({})),
    systems: Systems.default(() => Systems.assert({})),
    media: Media.default(() => Media.assert({})),
  });
  return { ReaderConnection, CustomLauncher, MqttPublisherConfig, ConfigFile };
}

type ConfigTypes = ReturnType<typeof buildConfigTypes>;
let built: ConfigTypes | null = null;

/**
 * The config's schemas, built at their first use: building them takes arktype ~40 ms and ~3 MB of heap on x64
 * (seconds on a MiSTer), which a start with an unchanged config file does without (checked-config.ts).
 */
export function configTypes(): ConfigTypes {
  built ??= buildConfigTypes();
  return built;
}

export type ReaderConnection = ConfigTypes["ReaderConnection"]["infer"];
export type CustomLauncher = ConfigTypes["CustomLauncher"]["infer"];
export type MqttPublisherConfig = ConfigTypes["MqttPublisherConfig"]["infer"];
export type Config = ConfigTypes["ConfigFile"]["infer"];

export const CONFIG_SCHEMA_VERSION = 1;

export function defaultConfig(): Config {
  return configTypes().ConfigFile.assert({});
}
