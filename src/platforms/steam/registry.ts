import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listPids } from "../shared/process-tree.ts";
import { vdfValue } from "./library.ts";

/** Where the Steam client keeps its registry file (native, then Flatpak). */
export function registryFiles(home: string): string[] {
  return [join(home, ".steam", "registry.vdf"), join(home, ".var", "app", "com.valvesoftware.Steam", ".steam", "registry.vdf")];
}

/** True when a process named `steam` (the client) runs. */
function steamClientRuns(procRoot: string): boolean {
  return listPids(procRoot).some((pid) => {
    try {
      return readFileSync(join(procRoot, String(pid), "comm"), "utf8").trim() === "steam";
    } catch {
      return false;
    }
  });
}

/**
 * The game the Steam client says runs: `RunningAppID` in its registry file (0 or absent: none). Only while
 * the client itself runs, since a crashed client leaves the last value behind.
 */
export function registryRunningAppId(home: string, procRoot = "/proc"): string | undefined {
  for (const file of registryFiles(home)) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const id = vdfValue(text, "RunningAppID");
    if (id && /^\d{1,20}$/.test(id) && !/^0+$/.test(id)) return steamClientRuns(procRoot) ? id.replace(/^0+/, "") : undefined;
    return undefined;
  }
  return undefined;
}
