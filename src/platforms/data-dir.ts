import { homedir } from "node:os";
import { join } from "node:path";
import type { PlatformId } from "./detect.ts";
import { SERVICE_NAME } from "../version.ts";

/** The platform's conventional data folder (config, databases, logs) when none is given. */
export function defaultDataDir(platform: PlatformId, env: Record<string, string | undefined>): string {
  switch (platform) {
    case "mister":
    case "mistex":
      return `/media/fat/${SERVICE_NAME}`;
    case "replayos":
      return `/media/sd/${SERVICE_NAME}`;
    case "batocera":
      return `/userdata/system/${SERVICE_NAME}`;
    case "recalbox":
      return `/recalbox/share/system/${SERVICE_NAME}`;
    case "libreelec":
      return `/storage/.config/${SERVICE_NAME}`;
    default: {
      if (process.getuid?.() === 0) return `/var/lib/${SERVICE_NAME}`;
      const xdg = env.XDG_DATA_HOME;
      return join(xdg && xdg !== "" ? xdg : join(homedir(), ".local", "share"), SERVICE_NAME);
    }
  }
}
