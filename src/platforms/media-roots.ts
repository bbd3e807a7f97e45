import { homedir } from "node:os";
import { join } from "node:path";
import type { PlatformId } from "./detect.ts";

const MISTER_ROOTS = [
  "/media/fat/_Homebrew",
  ...["usb0", "usb1", "usb2", "usb3", "usb4", "usb5", "network"].flatMap((d) => [`/media/${d}/games`, `/media/${d}`]),
  "/media/fat/cifs/games",
  "/media/fat/cifs",
  "/media/fat/games",
  "/media/fat",
];

/**
 * The folders a platform keeps its games in, searched after the configured `launchers.index_root` folders
 * (the spec's `systems.rootFolder`). Each root holds one folder per system (MiSTer `games/NES`, ES `roms/nes`).
 * Pure: `home` is passed in.
 */
export function defaultMediaRoots(platform: PlatformId, home: string = homedir()): string[] {
  switch (platform) {
    case "mister":
    case "mistex":
      return [...MISTER_ROOTS];
    case "replayos":
      // the SD card, then drives ReplayOS mounts (USB, NVMe, network), each with a roms/<system> tree
      return ["/media/sd/roms", "/media/usb/roms", "/media/nvme/roms", "/media/nfs/roms"];
    case "bazzite":
      // EmuDeck and RetroDECK, which Bazzite users install for emulation, and a plain ~/ROMs
      return [join(home, "ROMs"), join(home, "Emulation", "roms"), join(home, "retrodeck", "roms")];
    case "chimeraos":
      return [join(home, "ROMs")];
    case "batocera":
      return ["/userdata/roms"];
    case "recalbox":
      return ["/recalbox/share/roms"];
    case "retropie":
      return [join(home, "RetroPie", "roms")];
    case "libreelec":
      return ["/storage/roms", "/storage"];
    case "steamos":
      return [join(home, "ROMs"), join(home, "Emulation", "roms"), join(home, "retrodeck", "roms")];
    case "linux":
      return [];
  }
}

/** MiSTer cores cannot open archives, so there a .zip is a folder whose entries are indexed one by one. */
export function zipsAsFolders(platform: PlatformId): boolean {
  return platform === "mister" || platform === "mistex";
}

/**
 * Configured roots first, then the platform's; duplicates (after trailing-slash cleanup) removed. The
 * platform's roots live under `platformRoot` ("/" on a device; a fake root filesystem in tests, the same one
 * platform detection reads); configured roots are taken as written.
 */
export function mediaRoots(configured: readonly string[], platform: PlatformId, home?: string, platformRoot = "/"): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const defaults = defaultMediaRoots(platform, home).map((r) => (platformRoot === "/" ? r : join(platformRoot, r)));
  for (const r of [...configured, ...defaults]) {
    const clean = r.length > 1 ? r.replace(/\/+$/, "") : r;
    if (clean === "" || seen.has(clean)) continue;
    seen.add(clean);
    out.push(clean);
  }
  return out;
}
