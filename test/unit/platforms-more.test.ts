/**
 * The Linux platforms the reference ships beyond the first seven: Bazzite, ChimeraOS, ReplayOS and MiSTeX,
 * recognised on fake root filesystems laid out like each, with their data folder, game folders and whose
 * launchers they use; `version.platform` names them through the service.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { defaultDataDir } from "../../src/platforms/data-dir.ts";
import { detectPlatform, platformFamily, type PlatformId } from "../../src/platforms/detect.ts";
import { defaultMediaRoots, zipsAsFolders } from "../../src/platforms/media-roots.ts";
import { MISTEX_PATHS, MisterLauncher } from "../../src/platforms/mister/launcher.ts";
import { startService, tempDir } from "../fixtures/service.ts";

const roots: string[] = [];
function fakeRoot(files: Record<string, string>): string {
  const root = tempDir("tapserve-root-");
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    if (path.endsWith("/")) mkdirSync(join(root, path), { recursive: true });
    else writeFileSync(join(root, path), text);
  }
  return root;
}
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

const BAZZITE = 'NAME="Bazzite"\nVERSION="41.20250101 (Kinoite)"\nID=bazzite\nID_LIKE="fedora"\nVARIANT_ID=bazzite-deck\nPRETTY_NAME="Bazzite 41 (FROM Fedora Kinoite)"\n';
const CHIMERA = 'NAME="ChimeraOS"\nPRETTY_NAME="ChimeraOS"\nID=chimeraos\nID_LIKE=arch\nBUILD_ID=rolling\n';
const FEDORA = 'NAME="Fedora Linux"\nVERSION_ID=41\nID=fedora\nVARIANT_ID=kinoite\n';

describe("detecting the further platforms", () => {
  const cases: Array<[PlatformId, Record<string, string>]> = [
    ["bazzite", { "etc/os-release": BAZZITE }],
    ["bazzite", { "usr/lib/os-release": 'ID=fedora\nVARIANT_ID="bazzite-gnome-nvidia"\n' }],
    ["bazzite", { "etc/os-release": FEDORA, "usr/share/ublue-os/image-info.json": '{"image-name": "bazzite-deck", "image-vendor": "ublue-os"}' }],
    ["linux", { "etc/os-release": FEDORA, "usr/share/ublue-os/image-info.json": '{"image-name": "aurora"}' }],
    ["chimeraos", { "etc/os-release": CHIMERA }],
    ["linux", { "etc/os-release": "ID=arch\n" }],
    ["replayos", { "etc/os-release": 'ID=debian\n', "media/sd/config/replay.cfg": "system_skin=0\n", "media/sd/roms/nes/": "" }],
    ["mistex", { "media/fat/menu.bit": "", "media/fat/MiSTer": "" }],
    ["mister", { "media/fat/menu.rbf": "", "media/fat/MiSTer": "" }],
  ];
  for (const [want, files] of cases) {
    test(`${want}: ${Object.keys(files).join(", ")}`, () => {
      expect(detectPlatform(fakeRoot(files))).toBe(want);
    });
  }
});

describe("their defaults", () => {
  test("data folder, game folders and zip handling", () => {
    const env = { XDG_DATA_HOME: "/home/u/.local/share" };
    expect(defaultDataDir("mistex", env)).toBe("/media/fat/tapserve");
    expect(defaultDataDir("replayos", env)).toBe("/media/sd/tapserve");
    expect(defaultMediaRoots("mistex")).toEqual(defaultMediaRoots("mister"));
    expect(zipsAsFolders("mistex")).toBe(true);
    expect(defaultMediaRoots("replayos")).toEqual(["/media/sd/roms", "/media/usb/roms", "/media/nvme/roms", "/media/nfs/roms"]);
    expect(defaultMediaRoots("bazzite", "/home/u")).toEqual(["/home/u/ROMs", "/home/u/Emulation/roms", "/home/u/retrodeck/roms"]);
    expect(defaultMediaRoots("chimeraos", "/home/gamer")).toEqual(["/home/gamer/ROMs"]);
    expect(zipsAsFolders("bazzite")).toBe(false);
  });

  test("whose launchers each uses", () => {
    expect(["mistex", "chimeraos", "bazzite", "replayos"].map((p) => platformFamily(p as PlatformId))).toEqual(["mister", "steamos", "linux", "replayos"]);
  });

  test("MiSTeX returns to its menu by loading menu.bit", () => {
    const dir = fakeRoot({ "cmd": "" });
    const launcher = new MisterLauncher({ ...MISTEX_PATHS, sdRoot: dir, cmdPath: join(dir, "cmd") });
    launcher.returnToMenu();
    expect(readFileSync(join(dir, "cmd"), "utf8")).toBe("load_core /media/fat/menu.bit\n");
  });
});

describe("through the service", () => {
  for (const [id, files] of [["bazzite", { "etc/os-release": BAZZITE }], ["chimeraos", { "etc/os-release": CHIMERA }], ["replayos", { "media/sd/config/replay.cfg": "" }]] as const) {
    test(`version.platform is ${id}`, async () => {
      const svc = await startService({ platformRoot: fakeRoot(files), configToml: "[platforms]\nkodi_activity = 'off'\n" });
      try {
        const c = await svc.connect();
        expect(await c.call("version")).toMatchObject({ platform: id });
      } finally {
        await svc.stop();
      }
    });
  }
});
