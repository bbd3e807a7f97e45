import { beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync, chownSync } from "node:fs";
import { join } from "node:path";
import type { DistArtifact } from "../../build/release/build.ts";
import { defaultDataDir } from "../../src/platforms/data-dir.ts";
import { BUILD_TIMEOUT_MS, DIST_TEST_VERSION, distArtifact } from "../fixtures/dist-build.ts";
import { scratchDirs } from "../fixtures/test-cleanup.ts";

const DEPLOY = join(import.meta.dir, "..", "..", "deploy");
const scratch = scratchDirs();
let x64: DistArtifact;
beforeAll(async () => {
  x64 = await distArtifact("linux-x64");
}, BUILD_TIMEOUT_MS);

function run(cmd: string, args: string[]): { status: number; out: string } {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** install.sh from the unpacked release, into a throwaway root. */
function install(root: string, ...args: string[]) {
  return run("sh", [join(x64.dir, "install.sh"), "--root", root, ...args]);
}

/** A fake device root: os-release, passwd, marker files. */
function deviceRoot(files: Record<string, string>): string {
  const root = scratch("tapserve-root-");
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, ".."), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

/** Every entry under root: type, mode, owner, link target, and content (size for the large binary). */
function snapshot(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir).sort()) {
      const p = join(dir, e);
      const st = lstatSync(p);
      const rel = p.slice(root.length);
      const head = `${rel} ${(st.mode & 0o170777).toString(8)} ${st.uid}:${st.gid}`;
      if (st.isSymbolicLink()) out.push(`${head} -> ${readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.push(head);
        walk(p);
      } else out.push(`${head} ${st.size > 1 << 20 ? `${st.size} bytes` : readFileSync(p, "base64")}`);
    }
  };
  walk(root);
  return out;
}

const mode = (p: string) => lstatSync(p).mode & 0o7777;
const same = (installed: string, deployFile: string) => expect(readFileSync(installed, "utf8")).toBe(readFileSync(join(DEPLOY, deployFile), "utf8"));
const unitValue = (text: string, key: string) => text.match(new RegExp(`^${key}=(.*)$`, "m"))?.[1];

describe("deploy/install.sh", () => {
  test("is POSIX sh and shellcheck-clean, as is the Batocera service script", () => {
    expect(run("shellcheck", ["--shell=sh", "--severity=style", join(DEPLOY, "install.sh"), join(DEPLOY, "batocera", "tapserve")])).toEqual({ status: 0, out: "" });
  });

  test("Raspberry Pi OS / Debian: binary, system unit enabled, own user in plugdev, dialout, audio and cdrom, reader rules; a re-run changes nothing", () => {
    const root = deviceRoot({ "etc/os-release": 'PRETTY_NAME="Raspbian GNU/Linux 12 (bookworm)"\nID=raspbian\nID_LIKE=debian\n' });
    const first = install(root);
    expect(first.status).toBe(0);
    const after1 = snapshot(root);
    expect(install(root).status).toBe(0);
    expect(snapshot(root)).toEqual(after1);

    const bin = join(root, "usr/local/bin/tapserve");
    expect(mode(bin)).toBe(0o755);
    expect(run(bin, ["--version"]).out).toBe(`tapserve ${DIST_TEST_VERSION}\n`);
    same(join(root, "etc/systemd/system/tapserve.service"), "systemd/tapserve.service");
    expect(readlinkSync(join(root, "etc/systemd/system/multi-user.target.wants/tapserve.service"))).toBe("/etc/systemd/system/tapserve.service");
    same(join(root, "etc/udev/rules.d/60-tapserve-readers.rules"), "udev/60-tapserve-readers.rules");
    same(join(root, "etc/modprobe.d/tapserve-blacklist-pn533.conf"), "modprobe/tapserve-blacklist-pn533.conf");

    const passwd = readFileSync(join(root, "etc/passwd"), "utf8").split("\n").filter((l) => l.startsWith("tapserve:"));
    expect(passwd).toHaveLength(1);
    expect(passwd[0]).toMatch(/^tapserve:x:\d+:\d+:[^:]*:\/var\/lib\/tapserve:\/usr\/sbin\/nologin$/);
    const groups = readFileSync(join(root, "etc/group"), "utf8");
    expect(groups).toMatch(/^plugdev:x:\d+:tapserve$/m);
    expect(groups).toMatch(/^dialout:x:\d+:tapserve$/m);
    expect(groups).toMatch(/^audio:x:\d+:tapserve$/m); // scan sounds
    expect(groups).toMatch(/^cdrom:x:\d+:tapserve$/m); // disc readers
  });

  test("plain Debian on an x86 mini PC gets the same system service", () => {
    const root = deviceRoot({ "etc/os-release": 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n' });
    expect(install(root).status).toBe(0);
    same(join(root, "etc/systemd/system/tapserve.service"), "systemd/tapserve.service");
  });

  test("SteamOS: binary and user unit in the desktop user's home, owned by them, enabled for their session", () => {
    const root = deviceRoot({
      "etc/os-release": 'NAME="SteamOS"\nID=steamos\nID_LIKE=arch\n',
      "etc/passwd": "root:x:0:0::/root:/bin/bash\ndeck:x:1000:1000:Steam Deck User:/home/deck:/bin/bash\n",
    });
    mkdirSync(join(root, "home/deck"), { recursive: true });
    chownSync(join(root, "home/deck"), 1000, 1000);
    const first = install(root);
    expect(first.status).toBe(0);
    expect(first.out).toContain("Installing tapserve for deck");
    const after1 = snapshot(root);
    expect(install(root).status).toBe(0);
    expect(snapshot(root)).toEqual(after1);

    const home = join(root, "home/deck");
    for (const p of [".local", ".local/bin", ".local/bin/tapserve", ".config/systemd/user/tapserve.service", ".config/systemd/user/default.target.wants/tapserve.service"]) {
      const st = lstatSync(join(home, p));
      expect(`${p} ${st.uid}:${st.gid}`).toBe(`${p} 1000:1000`);
    }
    expect(mode(join(home, ".local/bin/tapserve"))).toBe(0o755);
    same(join(home, ".config/systemd/user/tapserve.service"), "steamos/tapserve.service");
    expect(readlinkSync(join(home, ".config/systemd/user/default.target.wants/tapserve.service"))).toBe("/home/deck/.config/systemd/user/tapserve.service");
    // the unit starts the binary where the installer put it
    expect(unitValue(readFileSync(join(DEPLOY, "steamos/tapserve.service"), "utf8"), "ExecStart")).toBe("%h/.local/bin/tapserve");
    expect(existsSync(join(root, "etc/udev/rules.d/60-tapserve-readers.rules"))).toBe(true);
  });

  test("Batocera: binary and service script under /userdata, where the binary keeps its data", () => {
    const root = deviceRoot({ "usr/bin/batocera-version": "#!/bin/sh\necho 41\n" });
    expect(install(root).status).toBe(0);
    const after1 = snapshot(root);
    expect(install(root).status).toBe(0);
    expect(snapshot(root)).toEqual(after1);
    expect(mode(join(root, "userdata/system/tapserve/tapserve"))).toBe(0o755);
    expect(mode(join(root, "userdata/system/services/tapserve"))).toBe(0o755);
    same(join(root, "userdata/system/services/tapserve"), "batocera/tapserve");
    const script = readFileSync(join(DEPLOY, "batocera/tapserve"), "utf8");
    expect(script).toContain(`BIN=\${TAPSERVE_BIN:-/userdata/system/tapserve/tapserve}`);
    expect(script).toContain(`DATA=\${TAPSERVE_DATA_DIR:-${defaultDataDir("batocera", {})}}`);
  });

  test("the system unit's data folder is the binary's own default for a system service", () => {
    const unit = readFileSync(join(DEPLOY, "systemd/tapserve.service"), "utf8");
    expect(unitValue(unit, "Environment")).toBe("TAPSERVE_DATA_DIR=/var/lib/tapserve");
    expect(unitValue(unit, "StateDirectory")).toBe("tapserve"); // systemd creates /var/lib/tapserve for the user
    expect(readFileSync(join(DEPLOY, "systemd/tapserve.sysusers"), "utf8")).toContain(' "tapserve service" /var/lib/tapserve ');
    if (process.getuid?.() === 0) expect(defaultDataDir("linux", {})).toBe("/var/lib/tapserve");
  });

  test("platforms it cannot serve, a missing binary and unknown options get a clear error", () => {
    const mister = install(deviceRoot({ "media/fat/MiSTer": "" }));
    expect(mister.status).not.toBe(0);
    expect(mister.out).toContain("MiSTer runs the Node build");
    const unknown = install(deviceRoot({}), "--platform", "amiga");
    expect(unknown.status).not.toBe(0);
    expect(unknown.out).toContain("unknown platform amiga (linux, steamos, batocera, recalbox, libreelec)");
    const noBinary = run("sh", [join(DEPLOY, "install.sh"), "--root", deviceRoot({})]);
    expect(noBinary.status).not.toBe(0);
    expect(noBinary.out).toContain("no binary at");
    const badOption = install(deviceRoot({}), "--frobnicate");
    expect(badOption.status).not.toBe(0);
    expect(badOption.out).toContain("unknown option: --frobnicate");
  });
});

describe("the systemd units", () => {
  test("the system unit is hardened: systemd rates its exposure OK (≤ 3.0 of 10)", () => {
    const root = deviceRoot({ "etc/os-release": "ID=debian\n" });
    expect(install(root).status).toBe(0);
    const r = run("systemd-analyze", ["security", "--offline=yes", `--root=${root}`, "--threshold=30", "--no-pager", "tapserve.service"]);
    const exposure = Number(r.out.match(/Overall exposure level for tapserve\.service: (\d+\.\d+)/)?.[1]);
    expect(exposure).toBeLessThanOrEqual(3.0);
    expect(r.status).toBe(0);
  });

  test("both units load without a single warning from systemd", () => {
    const dir = scratch("tapserve-units-");
    for (const [name, src] of [
      ["tapserve.service", "systemd/tapserve.service"],
      ["tapserve-user.service", "steamos/tapserve.service"],
    ] as const) {
      // ExecStart pointed at the real binary, since verify checks that it exists
      const text = readFileSync(join(DEPLOY, src), "utf8").replace(/^ExecStart=.*$/m, `ExecStart=${x64.binary}`);
      writeFileSync(join(dir, name), text);
      expect(run("systemd-analyze", ["verify", "--man=no", join(dir, name)])).toEqual({ status: 0, out: "" });
    }
  });
});
