import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Platform ids, as the reference reports them in `version.platform`. */
export const PLATFORM_IDS = ["mister", "batocera", "recalbox", "retropie", "steamos", "libreelec", "linux", "bazzite", "chimeraos", "replayos", "mistex"] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/**
 * Whose launchers and watchers a platform uses: MiSTeX (MiSTer on a Xilinx board) is MiSTer's; ChimeraOS, a
 * Steam console OS, SteamOS's (Steam started with `steam`); Bazzite, a desktop-and-Steam Fedora, generic Linux's
 * (Steam through `xdg-open`, Flatpak RetroArch); ReplayOS its own (one launcher per ROM
 * folder, started through its autostart file).
 */
export function platformFamily(id: PlatformId): PlatformId {
  if (id === "mistex") return "mister";
  if (id === "chimeraos") return "steamos";
  if (id === "bazzite") return "linux";
  return id;
}

/** Parses /etc/os-release into a key → value map (quotes removed). */
export function parseOsRelease(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    out[m[1] as string] = (m[2] as string).replace(/^["']|["']$/g, "");
  }
  return out;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** The platform of this system ("/"), once found: it does not change while the service runs. */
let detectedHere: PlatformId | undefined;

/**
 * Recognises the platform from the system itself. `root` is "/" on a device (looked at once, then remembered:
 * the start-up asks for the data folder and again for the service) and a fake root in tests (looked at each time).
 */
export function detectPlatform(root = "/"): PlatformId {
  if (root !== "/") return detectAt(root);
  detectedHere ??= detectAt(root);
  return detectedHere;
}

/** Order matters: the most specific markers first. */
function detectAt(root: string): PlatformId {
  const has = (p: string) => existsSync(join(root, p));
  // MiSTeX loads Xilinx bitstreams: its menu core is menu.bit where MiSTer's is menu.rbf
  if (has("media/fat/menu.bit")) return "mistex";
  if (has("media/fat/MiSTer") || has("media/fat/menu.rbf")) return "mister";
  if (has("media/sd/config/replay.cfg")) return "replayos";
  let os: Record<string, string> = {};
  for (const p of ["etc/os-release", "usr/lib/os-release"]) {
    try {
      os = parseOsRelease(readFileSync(join(root, p), "utf8"));
      break;
    } catch {}
  }
  const ids = [os.ID ?? "", ...(os.ID_LIKE ?? "").split(/\s+/)].map((s) => s.toLowerCase());
  if (ids.includes("batocera") || has("usr/bin/batocera-version") || has("userdata/system/batocera.conf")) return "batocera";
  if (ids.includes("recalbox") || has("recalbox/share") || has("usr/bin/recalbox-version")) return "recalbox";
  if (ids.includes("bazzite") || /bazzite/i.test(os.VARIANT_ID ?? "") || /"image-name"\s*:\s*"bazzite/.test(readText(join(root, "usr/share/ublue-os/image-info.json")))) return "bazzite";
  if (ids.includes("chimeraos") || ids.includes("chimera")) return "chimeraos";
  if (ids.includes("steamos")) return "steamos";
  if (ids.includes("libreelec") || ids.includes("coreelec") || has("storage/.kodi/userdata")) return "libreelec";
  if (has("opt/retropie") || has("home/pi/RetroPie")) return "retropie";
  return "linux";
}

/**
 * The platform in use: config `service.platform` when it names one (an unknown name is reported and
 * ignored), else what `detectPlatform` finds.
 */
export function resolvePlatform(configured: string, root = "/"): { platform: PlatformId; problem?: string } {
  const id = configured.trim().toLowerCase();
  if (id === "") return { platform: detectPlatform(root) };
  if ((PLATFORM_IDS as readonly string[]).includes(id)) return { platform: id as PlatformId };
  const platform = detectPlatform(root);
  return { platform, problem: `service.platform "${configured}" is not one of ${PLATFORM_IDS.join(", ")}; using the detected platform ${platform}` };
}
