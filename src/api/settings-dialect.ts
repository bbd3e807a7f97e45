import type { Config, ReaderConnection } from "../config/schema.ts";
import { sensitiveChanges } from "../config/sensitive-keys.ts";
import type { Settings, SettingsPatch } from "../core/wire/settings.ts";
import { effectiveDelay, effectiveTimeout } from "../core/launch-guard/rules.ts";
import { invalidParams } from "./rpc/errors.ts";

/**
 * `settings` / `settings.update`: the spec's view of the config file. The spec shows two spellings for two
 * keys (`reader`/`readers`, `rootFolder`/`rootFolders`); both are emitted and both accepted. The reference's
 * phone app knows other names for the same values (../shared/notes/phone-app.md); they are emitted side by
 * side from the same config and accepted on update:
 *
 * | spec                  | app                          |
 * |-----------------------|------------------------------|
 * | audioFeedback         | audioScanFeedback            |
 * | detectReaders         | readersAutoDetect            |
 * | insertMode (bool)     | readersScanMode "hold"/"tap" |
 * | insertModeBlocklist   | readersScanIgnoreSystems     |
 * | insertModeExitDelay   | readersScanExitDelay         |
 * | debug                 | debugLogging                 |
 * | reader ("driver:path")| readersConnect [{driver, path}] |
 * | —                     | runZapScript, errorReporting |
 * | —                     | backupRemoteEnabled/Schedule ([backup.remote]; backupRemoteBaseUrl read-only) |
 * | —                     | launchGuardEnabled/Timeout/Delay/RequireConfirm (readers.scan.launch_guard; the timeout and delay shown are the effective ones) |
 */

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

export function settingsView(cfg: Readonly<Config>): Settings {
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
    audioScanFeedback: cfg.audio.scan_feedback,
    readersAutoDetect: cfg.readers.auto_detect,
    readersScanMode: cfg.readers.scan.mode,
    readersScanIgnoreSystems: [...cfg.readers.scan.ignore_system],
    readersScanExitDelay: cfg.readers.scan.exit_delay,
    debugLogging: cfg.debug_logging,
    readersConnect: cfg.readers.connect.map((c) => ({ driver: c.driver, path: c.path ?? "" })),
    runZapScript: cfg.readers.run_zapscript,
    errorReporting: false,
    launchGuardEnabled: cfg.readers.scan.launch_guard.enabled,
    launchGuardTimeout: effectiveTimeout(cfg.readers.scan.launch_guard) ?? -1,
    launchGuardDelay: effectiveDelay(cfg.readers.scan.launch_guard),
    launchGuardRequireConfirm: cfg.readers.scan.launch_guard.require_confirm,
    backupRemoteEnabled: cfg.backup.remote.enabled,
    backupRemoteSchedule: cfg.backup.remote.schedule,
    backupRemoteBaseUrl: cfg.backup.remote.base_url,
  };
}

/** Picks the one value given under either name; both given and different is an error. */
function either<T>(patch: SettingsPatch, a: keyof SettingsPatch, b: keyof SettingsPatch, map: (v: never) => T = (v) => v as T): T | undefined {
  const va = patch[a] === undefined ? undefined : map(patch[a] as never);
  const vb = patch[b] === undefined ? undefined : map(patch[b] as never);
  if (va !== undefined && vb !== undefined && JSON.stringify(va) !== JSON.stringify(vb)) {
    throw invalidParams(`invalid params: ${String(a)} and ${String(b)} are the same setting and disagree; send one of them`);
  }
  return va ?? vb;
}

/** Entries the API names by driver:path keep the options only the config file holds (`id_source`). */
function keepConnectionOptions(next: ReaderConnection[], previous: readonly ReaderConnection[]): ReaderConnection[] {
  return next.map((c) => {
    const before = previous.find((p) => p.driver === c.driver && (p.path ?? "") === (c.path ?? ""));
    return before?.id_source !== undefined ? { ...c, id_source: before.id_source } : c;
  });
}

/** Applies a validated patch to a config draft. Throws -32602 for values the schema cannot express. */
export function applySettingsPatch(draft: Config, patch: SettingsPatch): void {
  const previousConnect = draft.readers.connect;
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
  if (patch.readersConnect !== undefined) {
    const fromApp = patch.readersConnect.map((c) => ({ driver: c.driver, path: c.path ?? "" }));
    if (readerList && JSON.stringify(draft.readers.connect) !== JSON.stringify(fromApp)) {
      throw invalidParams("invalid params: reader and readersConnect are the same setting and disagree; send one of them");
    }
    draft.readers.connect = fromApp;
  }
  if (readerList || patch.readersConnect !== undefined) draft.readers.connect = keepConnectionOptions(draft.readers.connect, previousConnect);
  const audio = either<boolean>(patch, "audioFeedback", "audioScanFeedback");
  if (audio !== undefined) draft.audio.scan_feedback = audio;
  const detect = either<boolean>(patch, "detectReaders", "readersAutoDetect");
  if (detect !== undefined) draft.readers.auto_detect = detect;
  const mode = either<"hold" | "tap">(patch, "insertMode", "readersScanMode", (v: boolean | "hold" | "tap") =>
    typeof v === "boolean" ? (v ? "hold" : "tap") : v,
  );
  if (mode !== undefined) draft.readers.scan.mode = mode;
  const blocklist = either<string[]>(patch, "insertModeBlocklist", "readersScanIgnoreSystems");
  if (blocklist !== undefined) draft.readers.scan.ignore_system = blocklist;
  const delay = either<number>(patch, "insertModeExitDelay", "readersScanExitDelay");
  if (delay !== undefined) draft.readers.scan.exit_delay = delay;
  if (patch.consoleLogging !== undefined) draft.console_logging = patch.consoleLogging;
  const debug = either<boolean>(patch, "debug", "debugLogging");
  if (debug !== undefined) draft.debug_logging = debug;
  if (patch.runZapScript !== undefined) draft.readers.run_zapscript = patch.runZapScript;
  const guard = draft.readers.scan.launch_guard;
  if (patch.launchGuardEnabled !== undefined) guard.enabled = patch.launchGuardEnabled;
  if (patch.launchGuardTimeout !== undefined) guard.timeout = patch.launchGuardTimeout;
  if (patch.launchGuardDelay !== undefined) guard.delay = patch.launchGuardDelay;
  if (patch.launchGuardRequireConfirm !== undefined) guard.require_confirm = patch.launchGuardRequireConfirm;
  if (patch.backupRemoteEnabled !== undefined) draft.backup.remote.enabled = patch.backupRemoteEnabled;
  if (patch.backupRemoteSchedule !== undefined) draft.backup.remote.schedule = patch.backupRemoteSchedule;
  const roots = patch.systems?.rootFolder ?? patch.systems?.rootFolders;
  if (roots !== undefined) draft.launchers.index_root = roots;
}

/**
 * Which of the patch's keys would change a config key that is not plain (src/config/sensitive-keys.ts: reader
 * connections, root folders …), each judged alone against the current config; and which config keys.
 */
export function sensitiveSettings(current: Readonly<Config>, patch: SettingsPatch): { wireKeys: string[]; configKeys: string[] } {
  const wireKeys: string[] = [];
  const configKeys = new Set<string>();
  for (const key of Object.keys(patch) as Array<keyof SettingsPatch>) {
    const draft = structuredClone(current) as Config;
    applySettingsPatch(draft, { [key]: patch[key] } as SettingsPatch);
    const changed = sensitiveChanges(current, draft);
    if (changed.length === 0) continue;
    wireKeys.push(key);
    for (const k of changed) configKeys.add(k);
  }
  return { wireKeys, configKeys: [...configKeys] };
}
