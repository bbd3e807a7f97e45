import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { detectPlatform, resolvePlatform } from "../../src/platforms/detect.ts";
import { startService, tempDir } from "../fixtures/service.ts";

/** Platform detection against fake root filesystems laid out like each system (os-release, marker files). */
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

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n';
const RASPBIAN = 'PRETTY_NAME="Raspbian GNU/Linux 11 (bullseye)"\nID=raspbian\nID_LIKE=debian\n';

afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe("detectPlatform", () => {
  const cases: Array<[string, Record<string, string>]> = [
    ["mister", { "etc/os-release": 'ID=buildroot\n', "media/fat/MiSTer": "", "media/fat/menu.rbf": "" }],
    ["batocera", { "etc/os-release": 'NAME="Batocera.linux"\nID=batocera\nVERSION_ID="40"\n' }],
    ["batocera", { "etc/os-release": 'ID=buildroot\n', "usr/bin/batocera-version": "#!/bin/sh\n", "userdata/system/batocera.conf": "" }],
    ["batocera", { "userdata/system/batocera.conf": "system.hostname=BATOCERA\n" }],
    ["recalbox", { "etc/os-release": 'NAME="Recalbox"\nID=recalbox\n' }],
    ["recalbox", { "etc/os-release": "ID=buildroot\n", "recalbox/share/system/recalbox.conf": "" }],
    ["steamos", { "etc/os-release": 'NAME="SteamOS"\nPRETTY_NAME="SteamOS"\nVERSION_CODENAME=holo\nID=steamos\nID_LIKE=arch\nVARIANT_ID=steamdeck\n' }],
    ["steamos", { "usr/lib/os-release": "ID=steamos\nID_LIKE=arch\n" }],
    ["libreelec", { "etc/os-release": 'NAME="LibreELEC"\nID="libreelec"\nVERSION_ID="12.0"\n' }],
    ["libreelec", { "etc/os-release": 'NAME="CoreELEC"\nID=coreelec\n' }],
    ["libreelec", { "storage/.kodi/userdata/guisettings.xml": "<settings/>" }],
    ["retropie", { "etc/os-release": RASPBIAN, "opt/retropie/VERSION": "4.8\n", "home/pi/RetroPie/roms/": "" }],
    ["retropie", { "etc/os-release": DEBIAN, "home/pi/RetroPie/roms/nes/": "" }],
    ["linux", { "etc/os-release": DEBIAN }],
    ["linux", { "etc/os-release": RASPBIAN }],
    ["linux", {}],
  ];
  for (const [want, files] of cases) {
    test(`${want}: ${Object.keys(files).join(", ") || "empty root"}`, () => {
      expect(detectPlatform(fakeRoot(files))).toBe(want as ReturnType<typeof detectPlatform>);
    });
  }
});

describe("resolvePlatform (config service.platform)", () => {
  test("the config names the platform: detection is skipped", () => {
    const root = fakeRoot({ "etc/os-release": "ID=steamos\n" });
    expect(resolvePlatform("Batocera", root)).toEqual({ platform: "batocera" });
    expect(resolvePlatform("", root)).toEqual({ platform: "steamos" });
  });

  test("an unknown name is reported and the detected platform used", () => {
    const root = fakeRoot({ "etc/os-release": "ID=libreelec\n" });
    expect(resolvePlatform("amiga", root)).toEqual({ platform: "libreelec", problem: expect.stringContaining('service.platform "amiga" is not one of mister, batocera') });
  });

  test("version.platform reports the detected platform, and the config overrides it", async () => {
    const root = fakeRoot({ "etc/os-release": "ID=recalbox\n" });
    const svc = await startService({ platformRoot: root, configToml: "[platforms]\nkodi_activity = 'off'\n" });
    try {
      const c = await svc.connect();
      expect(await c.call("version")).toMatchObject({ platform: "recalbox" });
    } finally {
      await svc.stop();
    }
    const svc2 = await startService({ platformRoot: root, configToml: '[service]\nplatform = "libreelec"\n[platforms]\nkodi_activity = "off"\n' });
    try {
      const c = await svc2.connect();
      expect(await c.call("version")).toMatchObject({ platform: "libreelec" });
    } finally {
      await svc2.stop();
    }
  });
});
