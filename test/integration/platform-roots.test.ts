import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { waitFor, writeEmulator } from "../fixtures/launch-env.ts";
import { startService, tempDir } from "../fixtures/service.ts";

/**
 * A fresh install indexes with no setup: each platform, recognised from a fake root filesystem laid out like the
 * distribution (os-release, markers), finds the ROMs where that distribution keeps them, with no root folder
 * in the config.
 */
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function fakeRoot(files: Record<string, string>): string {
  const root = tempDir("tapserve-platform-roms-");
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const HOME = homedir().replace(/^\//, "");

const layouts: Array<{ platform: string; files: Record<string, string>; expect: Record<string, string> }> = [
  {
    platform: "batocera",
    files: { "etc/os-release": "ID=batocera\n", "userdata/roms/snes/Super Mario World (USA).sfc": "", "userdata/roms/megadrive/Sonic (World).md": "" },
    expect: { "super mario": "userdata/roms/snes/Super Mario World (USA).sfc", sonic: "userdata/roms/megadrive/Sonic (World).md" },
  },
  {
    platform: "recalbox",
    files: { "etc/os-release": "ID=recalbox\n", "recalbox/share/roms/snes/Super Mario World (USA).sfc": "", "recalbox/share/roms/gba/Metroid Fusion (USA).gba": "" },
    expect: { "super mario": "recalbox/share/roms/snes/Super Mario World (USA).sfc", metroid: "recalbox/share/roms/gba/Metroid Fusion (USA).gba" },
  },
  {
    platform: "retropie",
    files: { "etc/os-release": "ID=raspbian\nID_LIKE=debian\n", "opt/retropie/VERSION": "4.8\n", [`${HOME}/RetroPie/roms/nes/Zelda (Europe).nes`]: "" },
    expect: { zelda: `${HOME}/RetroPie/roms/nes/Zelda (Europe).nes` },
  },
  {
    platform: "mister",
    files: { "etc/os-release": "ID=buildroot\n", "media/fat/MiSTer": "", "media/fat/menu.rbf": "", "media/fat/games/SNES/Super Mario World (USA).sfc": "", "media/usb0/games/NES/Zelda (Europe).nes": "" },
    expect: { "super mario": "media/fat/games/SNES/Super Mario World (USA).sfc", zelda: "media/usb0/games/NES/Zelda (Europe).nes" },
  },
  {
    platform: "steamos",
    files: { "etc/os-release": "ID=steamos\nID_LIKE=arch\n", [`${HOME}/Emulation/roms/snes/Super Mario World (USA).sfc`]: "", [`${HOME}/retrodeck/roms/psx/Ridge Racer (USA).cue`]: "" },
    expect: { "super mario": `${HOME}/Emulation/roms/snes/Super Mario World (USA).sfc`, ridge: `${HOME}/retrodeck/roms/psx/Ridge Racer (USA).cue` },
  },
  {
    platform: "libreelec",
    files: { "etc/os-release": 'ID="libreelec"\n', "storage/roms/nes/Zelda (Europe).nes": "" },
    expect: { zelda: "storage/roms/nes/Zelda (Europe).nes" },
  },
];

describe("default ROM folders per platform", () => {
  for (const layout of layouts) {
    test(`${layout.platform}: indexed from where the distribution keeps ROMs, with no configured root`, async () => {
      const root = fakeRoot(layout.files);
      const emu = writeEmulator(join(root, "..", `${root.split("/").at(-1)}-emu`));
      roots.push(dirname(emu.script));
      const svc = await startService({
        platformRoot: root,
        configToml: `[platforms]\nkodi_activity = 'off'\n[launchers]\nretroarch = false\n[[launchers.custom]]\nid = "Rec"\nsystems = ["SNES", "Genesis", "GBA", "NES", "PSX"]\ncommand = ["${emu.script}", "{path}"]\n`,
      });
      try {
        const c = await svc.connect();
        expect(await c.call("version")).toMatchObject({ platform: layout.platform });
        expect(await c.call("media.index")).toBeNull();
        const status = await c.call<{ database: { totalMedia: number } }>("media");
        expect(status.database.totalMedia).toBe(Object.keys(layout.expect).length);
        for (const [query, rel] of Object.entries(layout.expect)) {
          const found = await c.call<{ results: Array<{ path: string }> }>("media.search", { query });
          expect(found.results).toHaveLength(1);
          // launching the result starts the emulator on the file in the distribution's own folder
          rmSync(emu.record, { force: true });
          await c.call("launch", `${found.results[0]?.path}?launcher=Rec`);
          const args = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").trim().split("\n"), "the launcher to start");
          expect(args[1]).toBe(join(root, rel));
          await c.call("stop");
        }
      } finally {
        await svc.stop();
      }
    });
  }
});
