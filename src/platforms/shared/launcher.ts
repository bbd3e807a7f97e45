import { DomainError } from "../../core/errors.ts";
import type { SystemDefinition } from "../../core/media-types.ts";

/** What a launch command resolved: the media to start and what is known about it. */
export interface LaunchTarget {
  /** Absolute file path, or a URL (`scheme://…`). */
  path: string;
  /** Lowercase extension with the dot (".sfc"), or "" for URLs and files without one. */
  extension: string;
  /** URL scheme without "://" ("steam"), or "" for files. */
  scheme: string;
  system?: SystemDefinition;
  /** Display name: file name without extension. */
  name: string;
}

/** Media a launcher started. */
export interface RunningMedia {
  /** Process id when the launcher started a tracked process. */
  readonly pid?: number;
  /** Resolves when the media ended on its own (the process exited). Absent for launchers without a process. */
  readonly exited?: Promise<void>;
  /** Ends the media (e.g. SIGTERM, then SIGKILL after a grace period; or return to the menu). */
  stop(): Promise<void>;
  /**
   * True when starting other media replaces this one by itself (MiSTer loads another core), so it is not
   * stopped first.
   */
  readonly replacedByNextLaunch?: boolean;
  /** The name the platform shows for the media (a front end's gamelist), when it knows a better one than the file name. */
  readonly mediaName?: string;
}

/** One way of starting media (an emulator, RetroArch, a MiSTer core …). */
export interface Launcher {
  readonly id: string;
  /** The system its media belongs to when the target names none (Steam games: "PC", Kodi movies: "Movie"). */
  readonly systemId?: string;
  /** Groups it belongs to (the reference's `Native` for standalone emulators), matched by `launchers.preference`. */
  readonly groups?: readonly string[];
  /** True when this launcher can start the target. */
  handles(target: LaunchTarget): boolean;
  /**
   * The file extensions (lowercase, with the dot) this launcher takes for a system's media, most preferred first;
   * undefined when it is not a launcher of that system or keeps no such list. A title launch prefers the file
   * types listed earliest (core/titles), as the reference does with its launchers' extensions.
   */
  extensionsFor?(systemId: string): readonly string[] | undefined;
  /** Starts the target; resolves once it is running (the process spawned), rejects with a message otherwise. */
  launch(target: LaunchTarget): Promise<RunningMedia>;
  /** Actions on the media it runs (`control`, `media.control`), by the reference's names; absent: none. */
  readonly controls?: LauncherControls;
}

/** A launcher's actions by name (`toggle_pause`, `stop`, `next` …); each rejects with a message when it fails. */
export type LauncherControls = Readonly<Record<string, () => Promise<void>>>;

/** A launcher could not start the media; the message says why. */
export class LaunchError extends DomainError {
  constructor(message: string) {
    super("failed", message);
  }
}

/** A platform that can start a system without media (MiSTer loads the system's core: `launch.system`). */
export interface SystemLauncher {
  launchSystem(systemId: string): Promise<RunningMedia>;
}
