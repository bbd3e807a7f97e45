import type { Clock } from "../../../core/clock.ts";
import { DomainError } from "../../../core/errors.ts";
import type { Config } from "../../../config/schema.ts";
import type { MediaLibrary } from "../../../core/media-types.ts";
import type { ScannedToken } from "../../../core/token.ts";
import type { MediaSlot } from "../../../core/playlist/playlist.ts";
import type { ZapCommand } from "../../../core/zapscript/index.ts";
import type { TraceReason } from "../../../core/trace/reason.ts";
import type { TraceTitle } from "../../../core/wire/trace.ts";
import type { PlatformId } from "../../../platforms/detect.ts";
import type { InputService } from "../../input/input-service.ts";
import type { ActiveMediaTracker } from "../active-media.ts";
import type { Launcher, LauncherControls, LaunchTarget, SystemLauncher } from "../../../platforms/shared/launcher.ts";
import type { Runtime } from "../../../runtime/types.ts";
import type { MisterCommands } from "../../../platforms/mister/commands.ts";
import type { PlaylistItem } from "../../../core/playlist/playlist.ts";
import type { PlaylistService } from "../../playlist/playlist-service.ts";
import type { RemoteInstallRequest } from "../remote-install.ts";

/** What a command may use while a token's script runs. */
export interface CommandEnv {
  token: ScannedToken;
  library?: MediaLibrary;
  config(): Readonly<Config>;
  platform: PlatformId;
  active: ActiveMediaTracker;
  /** Starts a system without media, where the platform can (MiSTer). */
  systemLauncher?: Launcher & SystemLauncher;
  /** Root folders relative paths are resolved against. */
  rootFolders(): string[];
  /** The extension lists of a system's launchers (or of the named one), for a title's file-type preference. */
  launcherExtensions?(systemId: string, launcherId?: string): string[][];
  /** Records in the scan trace how the running command resolved a title (which rule, what it tried). */
  traceTitle?(info: TraceTitle): void;
  /** Picks a launcher (the named one, or the first that handles the target) and starts the media. */
  startMedia(target: LaunchTarget, launcherId?: string): Promise<void>;
  /**
   * Installs a remote file (`launch` of an http(s) URL with `?system=`) into its system's folder and resolves its
   * local path; a dry run fetches nothing and resolves where it would be. Absent: such launches are unsupported.
   */
  installRemote?(req: RemoteInstallRequest): Promise<string>;
  /** Starts programs (`execute`): the runtime's, so tests can record them. */
  spawn: Runtime["spawn"];
  /** Virtual keyboard and gamepad (`input.*` commands); absent: those commands are unsupported. */
  input?: InputService;
  /** The n-th most recently played distinct media (1 = the last), for `launch.last`; absent: no play history. */
  recentMedia?(n: number): { mediaPath: string; systemId: string } | undefined;
  /** Profile switching for `profile` / `profile.clear`; absent: those commands are unsupported. */
  profiles?: { switchTo(switchId: string): Promise<{ name: string }>; clear(): void };
  /** MiSTer's own commands (`mister.*`); absent on other platforms: those commands are unsupported. */
  mister?: MisterCommands;
  /** `**write:`: arms a write of text to the next tag scanned (not `sourceUid`); throws when no reader can write. */
  armWrite?(text: string, sourceUid: string): void;
  /** A launcher's built-in actions (`control`), by launcher id; undefined when it has none. */
  launcherControls?(launcherId: string): LauncherControls | undefined;
  /** The active playlists (`playlist.*`); absent: those commands are unsupported. */
  playlists?: PlaylistEnv;
  /** In a readers.scan.on_scan hook: the token scanned (`scanned` in expressions); else the token itself. */
  scanned?: { id: string; value: string; data: string };
  /** Aborted when the service stops (or a hook is cancelled); long waits must honour it. */
  signal: AbortSignal;
  /** Timers for waits (`delay`): the service clock (tests: a manual clock); absent: real time. */
  timers?: Pick<Clock, "set" | "clear">;
  /** True when the script has commands after this one (`mister.ini` reloads the menu only after the last). */
  moreCommands?: boolean;
}

/** What the `playlist.*` commands use: the slots' playlists, a reader of playlist sources, a random source (shuffle). */
export interface PlaylistEnv extends Pick<PlaylistService, "get" | "set" | "clear"> {
  /** Plays one audio file in the background slot (a dry run only checks it). */
  playFile(path: string): Promise<void>;
  /** A folder (its files the slot plays), `.pls` or `.m3u` (relative: under the root folders); throws a plain Error. */
  read(name: string, slot: MediaSlot): { path: string; items: PlaylistItem[] };
  random(): number;
}

/** What a command answers when this platform accepts it and does nothing (the scan trace shows the step skipped, with why). */
export interface CommandSkipped {
  skipped: string;
}

export type CommandHandler = (cmd: ZapCommand, env: CommandEnv) => Promise<void | CommandSkipped>;

/** A command failed; the message goes to the log and the history entry. */
export class CommandError extends DomainError {
  constructor(
    message: string,
    /** The platform cannot do this at all (as opposed to a bad argument or a failed attempt). */
    readonly unsupported = false,
    /** The scan trace's reason code when it is more precise than "command_failed" / "unsupported". */
    readonly reason?: TraceReason,
  ) {
    super(unsupported ? "unsupported" : "failed", message);
  }
}

export function requireArg(cmd: ZapCommand, index: number, what: string): string {
  const v = cmd.args[index]?.trim() ?? "";
  if (v === "") throw new CommandError(`${cmd.name}: missing ${what}`);
  return v;
}

export function requireLibrary(env: CommandEnv, name: string): MediaLibrary {
  if (!env.library) throw new CommandError(`${name}: media index unavailable`);
  return env.library;
}
