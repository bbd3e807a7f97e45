import { type } from "../lazy-arktype.ts";

/**
 * `settings` / `settings.update`: the spec's names and, side by side, the reference phone app's names for the
 * same values (../shared/notes/phone-app.md); both are emitted and both accepted (src/api/settings-view.ts).
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
  // the phone app's names
  "audioScanFeedback?": "boolean",
  "readersAutoDetect?": "boolean",
  "readersScanMode?": "'hold' | 'tap'",
  "readersScanIgnoreSystems?": "string[]",
  "readersScanExitDelay?": "0 <= number <= 3600",
  "debugLogging?": "boolean",
  "readersConnect?": type({ "+": "delete", driver: "string > 0", "path?": "string" }).array(),
  "runZapScript?": "boolean",
  "errorReporting?": "false",
  "launchGuardEnabled?": "boolean",
  "launchGuardTimeout?": "-1 <= number <= 3600",
  "launchGuardDelay?": "0 <= number <= 3600",
  "launchGuardRequireConfirm?": "boolean",
  "backupRemoteEnabled?": "boolean",
  "backupRemoteSchedule?": "'daily' | 'weekly' | 'manual'",
});
export type SettingsPatch = typeof SettingsPatch.infer;

export const Settings = type({
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
  audioScanFeedback: "boolean",
  readersAutoDetect: "boolean",
  readersScanMode: "'hold' | 'tap'",
  readersScanIgnoreSystems: "string[]",
  readersScanExitDelay: "number",
  debugLogging: "boolean",
  readersConnect: type({ driver: "string", path: "string" }).array(),
  runZapScript: "boolean",
  errorReporting: "boolean",
  launchGuardEnabled: "boolean",
  launchGuardTimeout: "number",
  launchGuardDelay: "number",
  launchGuardRequireConfirm: "boolean",
  "backupRemoteEnabled?": "boolean",
  "backupRemoteSchedule?": "'daily' | 'weekly' | 'manual'",
  "backupRemoteBaseUrl?": "string",
});
export type Settings = typeof Settings.infer;
