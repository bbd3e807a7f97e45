import type { LaunchTarget, Launcher } from "./shared/launcher.ts";

/**
 * The launchers in priority order: custom launchers from the config first (in file order), then the platform's
 * built-in ones. The first that handles a target launches it, unless the script names one (`?launcher=<id>`).
 */
export class LauncherRegistry {
  constructor(private readonly launchers: () => readonly Launcher[]) {}

  all(): readonly Launcher[] {
    return this.launchers();
  }

  byId(id: string): Launcher | undefined {
    return this.launchers().find((l) => l.id.toLowerCase() === id.toLowerCase());
  }

  pick(target: LaunchTarget): Launcher | undefined {
    return this.launchers().find((l) => l.handles(target));
  }
}
