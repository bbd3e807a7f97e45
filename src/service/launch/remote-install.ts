import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AuthEntry, AuthTarget } from "../../config/auth-file.ts";
import { installNameProblem, remoteFileScheme, remoteNames, shownUrl } from "../../core/remote-install/remote-file.ts";
import type { CatalogSystem } from "../../core/systems/catalog.ts";
import type { TraceInstall } from "../../core/wire/trace.ts";
import { log } from "../../log.ts";
import { downloadFile } from "../outbound/download.ts";
import type { UiEventsService, UiHandle } from "../ui-events/ui-events-service.ts";
import { CommandError } from "./commands/types.ts";
import { installFolder } from "./install-folder.ts";

const logger = log.withTag("launch");

/**
 * Limits of one download. The reference's backstop is an hour for the whole download (its connection and
 * header waits are 30 s each); ours adds a 30 s wait for each next byte, so a stalled server fails in 30 s
 * rather than an hour. 8 GiB takes the largest disc images the systems have (a dual-layer DVD is 7.96 GiB).
 */
export const REMOTE_INSTALL_LIMITS = { maxBytes: 8 * 1024 ** 3, timeoutMs: 60 * 60_000, idleMs: 30_000 } as const;
/** How long the `pre_notice` stays up unless dismissed (the reference's). */
export const PRE_NOTICE_MS = 30_000;

/** A launch of a remote file: the URL, the system it is for, `?name=` and `?pre_notice=`. */
export interface RemoteInstallRequest {
  url: string;
  system: CatalogSystem;
  name?: string;
  preNotice?: string;
  /** Aborts the download (the service stops, a hook is cancelled). */
  signal?: AbortSignal;
}

export interface RemoteInstallDeps {
  ui: UiEventsService;
  dataDir: string;
  rootFolders(): string[];
  /** `zapscript.allow_http` host, address and CIDR entries: what the outbound guard lets through. */
  allow(): readonly string[];
  /** auth.toml's entry for a URL's host (the reference sends its credentials with downloads). */
  credentials?(target: AuthTarget): AuthEntry | undefined;
}

/** What a launch of a remote file resolves to: where the file is (or would be) and how it got there. */
export interface RemoteInstallPlan {
  path: string;
  display: string;
  present: boolean;
}

const fail = (message: string) => new CommandError(message, false, "download_failed");

/** Where the file goes and whether it is there already; refuses what cannot be installed here. */
export function planRemoteInstall(req: RemoteInstallRequest, deps: Pick<RemoteInstallDeps, "dataDir" | "rootFolders">): RemoteInstallPlan {
  const scheme = remoteFileScheme(req.url);
  if (scheme === "smb") throw fail(`cannot install ${shownUrl(req.url)}: smb:// downloads are not supported here (serve the file over http or https)`);
  if (!scheme) throw fail(`cannot install ${shownUrl(req.url)}: not an http or https URL`);
  const names = remoteNames(req.url, req.name);
  const problem = installNameProblem(names.filename);
  if (problem) throw fail(`cannot install ${shownUrl(req.url)}: ${problem}`);
  const path = join(installFolder(req.system, deps.rootFolders(), deps.dataDir), names.filename);
  return { path, display: names.display, present: existsSync(path) };
}

/** The Authorization header auth.toml gives for the URL (a bearer token, else user and password). */
function authHeaders(url: string, credentials: RemoteInstallDeps["credentials"]): Record<string, string> {
  if (!credentials) return {};
  const u = new URL(url);
  const scheme = u.protocol.slice(0, -1);
  const entry = credentials({ scheme, host: u.hostname.replace(/^\[(.*)\]$/, "$1"), port: u.port === "" ? (scheme === "https" ? 443 : 80) : Number(u.port) });
  if (entry?.bearer) return { authorization: `Bearer ${entry.bearer}` };
  if (entry?.username) return { authorization: `Basic ${Buffer.from(`${entry.username}:${entry.password ?? ""}`).toString("base64")}` };
  return {};
}

/** The pre-notice: a dismissible notice up for 30 s (or until another UI event replaces it); never fails the launch. */
function showPreNotice(ui: UiEventsService, text: string | undefined): void {
  if (!text) return;
  try {
    ui.open({ kind: "notice", message: text, timeoutMs: PRE_NOTICE_MS, dismissible: true });
  } catch (err) {
    logger.warn(`cannot show the pre-notice: ${(err as Error).message}`);
  }
}

function openLoader(ui: UiEventsService, display: string): UiHandle | undefined {
  try {
    return ui.open({ kind: "loader", message: `Downloading ${display}...` });
  } catch (err) {
    logger.warn(`cannot show the download loader: ${(err as Error).message}`);
    return undefined;
  }
}

/**
 * Installs a remote file as the reference does (its InstallRemoteFile): a file already at its place is used as it
 * is; else a loader "Downloading <name>..." shows while it downloads to `<file>.part` (a leftover one removed
 * first), which is renamed into place when complete; the loader is completed either way. The pre-notice shows
 * once the file is there. A failure leaves no file behind and fails the launch (`download_failed`). `record`
 * tells the scan trace what happened. Resolves the local path.
 */
export async function installRemoteFile(req: RemoteInstallRequest, deps: RemoteInstallDeps, record: (info: TraceInstall) => void): Promise<string> {
  const shown = shownUrl(req.url);
  const plan = planRemoteInstall(req, deps);
  if (plan.present) {
    logger.info(`${plan.path} is already installed; not downloading ${shown}`);
    record({ url: shown, path: plan.path, outcome: "present" });
    showPreNotice(deps.ui, req.preNotice);
    return plan.path;
  }
  const tempPath = `${plan.path}.part`;
  logger.info(`downloading ${shown} to ${plan.path}`);
  const loader = openLoader(deps.ui, plan.display);
  let bytes: number;
  try {
    await mkdir(dirname(plan.path), { recursive: true });
    await rm(tempPath, { force: true });
    ({ bytes } = await downloadFile(
      { url: req.url, tempPath, finalPath: plan.path, ...REMOTE_INSTALL_LIMITS, headers: authHeaders(req.url, deps.credentials), ...(req.signal ? { signal: req.signal } : {}) },
      { allow: deps.allow() },
    ));
  } catch (err) {
    record({ url: shown, path: plan.path, outcome: "failed" });
    const why = err instanceof Error ? err.message : String(err);
    logger.warn(`download of ${shown} failed: ${why}`);
    throw fail(`cannot download ${shown}: ${why}`);
  } finally {
    loader?.complete("completed");
  }
  logger.info(`downloaded ${shown} (${bytes} bytes)`);
  record({ url: shown, path: plan.path, outcome: "downloaded", bytes });
  showPreNotice(deps.ui, req.preNotice);
  return plan.path;
}

/** A dry run's install: where the file is or would go, told to the trace; nothing is fetched or shown. */
export function dryRunRemoteInstall(req: RemoteInstallRequest, deps: Pick<RemoteInstallDeps, "dataDir" | "rootFolders">, record: (info: TraceInstall) => void): string {
  const plan = planRemoteInstall(req, deps);
  record({ url: shownUrl(req.url), path: plan.path, outcome: plan.present ? "present" : "would_download" });
  return plan.path;
}
