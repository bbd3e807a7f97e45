import { type } from "arktype";
import type { ConfigStore } from "../../config/store.ts";
import type { Config, ReaderConnection } from "../../config/schema.ts";
import { ConfigError } from "../../config/store.ts";
import { invalidParams } from "../rpc/errors.ts";
import { defineMethod } from "../rpc/method.ts";

/**
 * `settings` / `settings.update`: the spec's view of the config file. The spec shows two spellings for two
 * keys (`reader`/`readers`, `rootFolder`/`rootFolders`); both are emitted and both accepted.
 */

const SystemsPatch = type({
  "+": "reject",
  "rootFolder?": "string[]",
  "rootFolders?": "string[]",
});

export const SettingsPatch = type({
  "+": "reject",
  "reader?": "string[]",
  "readers?": "string[]",
  "audioFeedback?": "boolean",
  "detectReaders?": "boolean",
  "insertMode?": "boolean",
  "insertModeBlocklist?": "string[]",
  "insertModeExitDelay?": "0 <= number <= 3600",
  "consoleLogging?": "boolean",
  "debug?": "boolean",
  "systems?": SystemsPatch,
});
export type SettingsPatch = typeof SettingsPatch.infer;

export const SettingsResult = type({
  reader: "string[]",
  readers: "string[]",
  audioFeedback: "boolean",
  detectReaders: "boolean",
  insertMode: "boolean",
  insertModeBlocklist: "string[]",
  insertModeExitDelay: "number",
  consoleLogging: "boolean",
  debug: "boolean",
  systems: { rootFolder: "string[]", rootFolders: "string[]" },
});

/** `pcsc:` ⇄ {driver: "pcsc", path: ""}: the connection string form the reference uses. */
export function formatReaderConnection(c: ReaderConnection): string {
  return `${c.driver}:${c.path ?? ""}`;
}

export function parseReaderConnection(text: string): ReaderConnection | null {
  const i = text.indexOf(":");
  const driver = (i < 0 ? text : text.slice(0, i)).trim();
  if (driver === "" || !/^[a-z0-9_]+$/i.test(driver)) return null;
  return { driver, path: i < 0 ? "" : text.slice(i + 1) };
}

export function settingsView(cfg: Readonly<Config>): typeof SettingsResult.infer {
  const readers = cfg.readers.connect.map(formatReaderConnection);
  return {
    reader: readers,
    readers: [...readers],
    audioFeedback: cfg.audio.scan_feedback,
    detectReaders: cfg.readers.auto_detect,
    insertMode: cfg.readers.scan.mode === "hold",
    insertModeBlocklist: [...cfg.readers.scan.ignore_system],
    insertModeExitDelay: cfg.readers.scan.exit_delay,
    consoleLogging: cfg.console_logging,
    debug: cfg.debug_logging,
    systems: { rootFolder: [...cfg.launchers.index_root], rootFolders: [...cfg.launchers.index_root] },
  };
}

/** Applies a validated patch to a config draft. Throws -32602 for values the schema cannot express. */
export function applySettingsPatch(draft: Config, patch: SettingsPatch): void {
  const readerList = patch.reader ?? patch.readers;
  if (patch.reader && patch.readers && JSON.stringify(patch.reader) !== JSON.stringify(patch.readers)) {
    throw invalidParams("invalid params: reader and readers disagree; send one of them");
  }
  if (readerList) {
    const parsed = readerList.map((s) => [s, parseReaderConnection(s)] as const);
    const bad = parsed.filter(([, c]) => c === null).map(([s]) => JSON.stringify(s));
    if (bad.length) throw invalidParams(`invalid params: reader entries must look like driver:path (got ${bad.join(", ")})`);
    draft.readers.connect = parsed.map(([, c]) => c as ReaderConnection);
  }
  if (patch.audioFeedback !== undefined) draft.audio.scan_feedback = patch.audioFeedback;
  if (patch.detectReaders !== undefined) draft.readers.auto_detect = patch.detectReaders;
  if (patch.insertMode !== undefined) draft.readers.scan.mode = patch.insertMode ? "hold" : "tap";
  if (patch.insertModeBlocklist !== undefined) draft.readers.scan.ignore_system = patch.insertModeBlocklist;
  if (patch.insertModeExitDelay !== undefined) draft.readers.scan.exit_delay = patch.insertModeExitDelay;
  if (patch.consoleLogging !== undefined) draft.console_logging = patch.consoleLogging;
  if (patch.debug !== undefined) draft.debug_logging = patch.debug;
  const roots = patch.systems?.rootFolder ?? patch.systems?.rootFolders;
  if (roots !== undefined) draft.launchers.index_root = roots;
}

export function settingsMethods(deps: { config: ConfigStore }) {
  return [
    defineMethod({
      name: "settings",
      summary: "Current values of the settings exposed remotely.",
      params: null,
      result: SettingsResult,
      handler: () => settingsView(deps.config.current),
    }),
    defineMethod({
      name: "settings.update",
      summary: "Updates the supplied settings (any subset), in memory and on disk.",
      params: SettingsPatch,
      example: { debug: true },
      handler: (patch) => {
        try {
          deps.config.update((draft) => applySettingsPatch(draft, patch));
        } catch (err) {
          if (err instanceof ConfigError) throw invalidParams(`invalid params: ${err.problems.join("; ")}`);
          throw err;
        }
        return null;
      },
    }),
  ];
}
