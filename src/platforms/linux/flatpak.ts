import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where Flatpak apps are installed: per user (`~/.local/share/flatpak`) and system-wide (`/var/lib/flatpak`). */
export interface FlatpakPlaces {
  home: string;
  /** Root of the file system (tests: a fake root); default "/". */
  root?: string;
}

/** True when the Flatpak app `appId` is installed for the user or system-wide. */
export function flatpakInstalled(appId: string, at: FlatpakPlaces): boolean {
  return (
    existsSync(join(at.home, ".local", "share", "flatpak", "app", appId)) || existsSync(join(at.root ?? "/", "var", "lib", "flatpak", "app", appId))
  );
}

/**
 * `flatpak run` as the reference runs emulators: the game's folder shared read-only into the sandbox, and the
 * app ended with its parent (so stopping the launch stops the emulator).
 */
export function flatpakRunArgv(flatpak: string, appId: string, mediaPath: string, args: readonly string[]): string[] {
  return [flatpak, "run", `--filesystem=${dirname(mediaPath)}:ro`, "--die-with-parent", appId, ...args];
}
