import { beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { accessSync, chmodSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DistArtifact } from "../../build/release/build.ts";
import { defaultDataDir } from "../../src/platforms/data-dir.ts";
import { BUILD_TIMEOUT_MS, DIST_TEST_API_VERSION, distArtifact } from "../fixtures/dist-build.ts";
import { scratchDirs } from "../fixtures/test-cleanup.ts";
import { freePort } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";

/**
 * install.sh on Recalbox (custom.sh boot hook, everything on the share) and LibreELEC / CoreELEC (systemd unit in
 * /storage/.config/system.d), in throwaway roots laid out like each system. Both systems are busybox-based, so
 * the installer and the boot hook run with busybox's applets (sh, awk, cp, cmp, …) first in PATH.
 */
const DEPLOY = join(import.meta.dir, "..", "..", "deploy");
const scratch = scratchDirs();
let x64: DistArtifact;
let busyboxPath = "";
beforeAll(async () => {
  x64 = await distArtifact("linux-x64");
  const bin = join(scratch("tapserve-busybox-"), "bin");
  mkdirSync(bin);
  expect(spawnSync("busybox", ["--install", "-s", bin]).status).toBe(0);
  expect(readlinkSync(join(bin, "sh"))).toMatch(/busybox$/);
  busyboxPath = `${bin}:${process.env.PATH}`;
}, BUILD_TIMEOUT_MS);

function run(cmd: string, args: string[], env: Record<string, string | undefined> = process.env): { status: number; out: string } {
  const r = spawnSync(cmd, args, { encoding: "utf8", env, timeout: 60_000 });
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** install.sh from the unpacked release, into a throwaway root, under busybox sh. */
function install(root: string, ...args: string[]) {
  return run("sh", [join(x64.dir, "install.sh"), "--root", root, ...args], { ...process.env, PATH: busyboxPath });
}

function deviceRoot(files: Record<string, string>): string {
  const root = scratch("tapserve-root-");
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, ".."), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

/** Every entry under root: type, mode, link target, and content (size for the large binary). */
function snapshot(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir).sort()) {
      const p = join(dir, e);
      const st = lstatSync(p);
      const head = `${p.slice(root.length)} ${(st.mode & 0o170777).toString(8)}`;
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
const unitValues = (text: string, key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((m) => m[1]);
const BLOCK = readFileSync(join(DEPLOY, "recalbox", "custom.sh"), "utf8");
const SHARE = "recalbox/share/system";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The same over HTTP: POST /api with one JSON-RPC request. */
async function answersVersionOverHttp(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "version" }),
  });
  const body = (await res.json()) as { result?: { version?: string } };
  return body.result?.version === DIST_TEST_API_VERSION;
}

async function answersVersion(port: number): Promise<boolean> {
  try {
    const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    const v = await c.call<{ version: string }>("version");
    // an early `version` may come from the socket bound before the service loads (listen first); `settings`
    // is answered only once the service itself is up, its config written and its databases open
    await c.call("settings");
    c.close();
    return v.version === DIST_TEST_API_VERSION;
  } catch {
    return false;
  }
}

describe("install.sh on Recalbox", () => {
  test("the scripts are POSIX sh and shellcheck-clean", () => {
    const files = ["install.sh", "recalbox/tapserve.sh", "recalbox/custom.sh", "batocera/tapserve"].map((f) => join(DEPLOY, f));
    expect(run("shellcheck", ["--shell=sh", "--severity=style", ...files])).toEqual({ status: 0, out: "" });
  });

  test("--help names the new platforms", () => {
    const help = run("sh", [join(x64.dir, "install.sh"), "--help"]);
    expect(help.status).toBe(0);
    expect(help.out).toContain("linux, steamos, batocera, recalbox or libreelec");
    expect(help.out).toContain("/recalbox/share/system/custom.sh");
    expect(help.out).toContain("/storage/.config/system.d");
  });

  test("binary and service scripts on the share, a marked block in custom.sh that keeps the user's lines; a re-run changes nothing", () => {
    const user = '#!/bin/bash\n# my boot tweaks\ncase "$1" in\n  start) echo "fan on" ;;\nesac\necho "always $1"\n';
    const root = deviceRoot({ "etc/os-release": 'NAME="Recalbox"\nID=recalbox\n', [`${SHARE}/custom.sh`]: user });
    const first = install(root);
    expect(first).toEqual({ status: 0, out: expect.stringContaining("Installing tapserve (Recalbox") });
    expect(first.out).toContain(`${SHARE}/custom.sh (tapserve block)`);
    const after1 = snapshot(root);
    const second = install(root);
    expect(second.status).toBe(0);
    expect(second.out).not.toContain("tapserve block"); // custom.sh not rewritten
    expect(snapshot(root)).toEqual(after1);

    const dir = join(root, SHARE, "tapserve");
    expect(mode(join(dir, "tapserve"))).toBe(0o755);
    expect(run(join(dir, "tapserve"), ["--version"]).status).toBe(0);
    same(join(dir, "tapserve.sh"), "recalbox/tapserve.sh");
    same(join(dir, "supervisor.sh"), "batocera/tapserve");
    same(join(dir, "INSTALL.txt"), "INSTALL.txt");
    // the block right after the #! line, once; the user's lines intact and in order
    const hook = join(root, SHARE, "custom.sh");
    expect(readFileSync(hook, "utf8")).toBe(`#!/bin/bash\n${BLOCK}${user.slice("#!/bin/bash\n".length)}`);
    expect(mode(hook)).toBe(0o755);
    // the data folder the scripts give the binary is its own default on Recalbox
    expect(`/${SHARE}/tapserve`).toBe(defaultDataDir("recalbox", {}));
  });

  test("a share that refuses chmod (exFAT/FAT): the Recalbox and Batocera installs go through, others still stop at it", () => {
    const fake = join(scratch("tapserve-fakechmod-"), "bin");
    mkdirSync(fake);
    writeFileSync(join(fake, "chmod"), '#!/bin/sh\necho "chmod: $2: Operation not permitted" >&2\nexit 1\n', { mode: 0o755 });
    const env = { ...process.env, PATH: `${fake}:${busyboxPath}` };
    const installNoChmod = (root: string) => run("sh", [join(x64.dir, "install.sh"), "--root", root], env);
    const recalbox = deviceRoot({ "etc/os-release": "ID=recalbox\n", "recalbox/share/roms/.keep": "" });
    expect(installNoChmod(recalbox).status).toBe(0);
    expect(readFileSync(join(recalbox, SHARE, "custom.sh"), "utf8")).toBe(`#!/bin/sh\n${BLOCK}`);
    expect(installNoChmod(deviceRoot({ "usr/bin/batocera-version": "" })).status).toBe(0);
    expect(installNoChmod(deviceRoot({ "etc/os-release": "ID=debian\n" })).status).not.toBe(0);
  });

  test("an updated block replaces the old one where it is; no custom.sh yet gets a new one; a damaged block is left alone", () => {
    const old = "# >>> tapserve >>> (old)\nsh /old/path start\n# <<< tapserve <<<\n";
    const root = deviceRoot({ [`${SHARE}/custom.sh`]: `#!/bin/sh\necho one\n${old}echo two\n` });
    expect(install(root, "--platform", "recalbox").status).toBe(0);
    expect(readFileSync(join(root, SHARE, "custom.sh"), "utf8")).toBe(`#!/bin/sh\necho one\n${BLOCK}echo two\n`);

    // edited on Windows over the network share: CRLF line ends, the block still found and replaced
    const crlf = deviceRoot({ [`${SHARE}/custom.sh`]: `#!/bin/bash\r\n${old.replaceAll("\n", "\r\n")}echo mine\r\n` });
    expect(install(crlf, "--platform", "recalbox").status).toBe(0);
    expect(readFileSync(join(crlf, SHARE, "custom.sh"), "utf8")).toBe(`#!/bin/bash\r\n${BLOCK}echo mine\r\n`);

    const fresh = deviceRoot({ "recalbox/share/roms/.keep": "" }); // detected by the share alone
    expect(install(fresh).status).toBe(0);
    expect(readFileSync(join(fresh, SHARE, "custom.sh"), "utf8")).toBe(`#!/bin/sh\n${BLOCK}`);
    expect(mode(join(fresh, SHARE, "custom.sh"))).toBe(0o755);

    const damaged = `#!/bin/sh\n# >>> tapserve >>>\necho mine\n`;
    const bad = deviceRoot({ "etc/os-release": "ID=recalbox\n", [`${SHARE}/custom.sh`]: damaged });
    const r = install(bad);
    expect(r.status).not.toBe(0);
    expect(r.out).toContain("has a damaged tapserve block");
    expect(readFileSync(join(bad, SHARE, "custom.sh"), "utf8")).toBe(damaged);
    expect(readdirSync(join(bad, SHARE)).sort()).toEqual(["custom.sh", "tapserve"]); // no temporary files left

    const noShare = install(deviceRoot({ "etc/os-release": "ID=recalbox\n" }));
    expect(noShare.status).not.toBe(0);
    expect(noShare.out).toContain("is the share partition mounted?");
  });

  /**
   * Boots and shuts down the way Recalbox does: S99custom runs custom.sh with start, later with stop; here under
   * busybox sh against the installed binary. Pid file, port and the /tmp copy folder are pointed into the test.
   */
  async function bootAndShutdown(root: string, expectExe: (dataDir: string, runDir: string) => string): Promise<void> {
    const dir = scratch("tapserve-recalbox-");
    const port = await freePort();
    const pidFile = join(dir, "tapserve.pid");
    const runDir = join(dir, "run");
    const marker = join(dir, "user-lines");
    const env = {
      ...process.env,
      PATH: busyboxPath,
      TAPSERVE_PIDFILE: pidFile,
      TAPSERVE_RUN_DIR: runDir,
      TAPSERVE_PORT: String(port),
      TAPSERVE_HOST: "127.0.0.1",
      USER_MARKER: marker,
    };
    const data = join(root, SHARE, "tapserve");
    const hook = (arg: string) => run("sh", [join(root, SHARE, "custom.sh"), arg], env);
    let supervisor = 0;
    try {
      expect(hook("start")).toEqual({ status: 0, out: `tapserve started (data in ${data})\n` });
      supervisor = Number(readFileSync(pidFile, "utf8"));
      await until("the service to answer", () => answersVersion(port));
      expect(await answersVersionOverHttp(port)).toBe(true);
      const main = Number(readFileSync(`${pidFile}.main`, "utf8"));
      expect(readlinkSync(`/proc/${main}/exe`)).toBe(expectExe(data, runDir));
      expect(["config.toml", "user.db-wal"].filter((f) => existsSync(join(data, f)))).toEqual(["config.toml", "user.db-wal"]); // user.db open (WAL)
      expect(run("sh", [join(data, "tapserve.sh"), "status"], env)).toEqual({ status: 0, out: `tapserve is running (pid ${supervisor})\n` });
      expect(readFileSync(marker, "utf8")).toBe("user start\n"); // the user's own lines still run

      expect(hook("stop")).toEqual({ status: 0, out: "tapserve stopped\n" });
      expect(alive(main)).toBe(false);
      expect(alive(supervisor)).toBe(false);
      expect(existsSync(pidFile)).toBe(false);
      expect(await answersVersion(port)).toBe(false);
      expect(existsSync(join(data, "user.db-wal"))).toBe(false); // stopped on SIGTERM, not killed: the database was closed
      expect(readFileSync(marker, "utf8")).toBe("user start\nuser stop\n");
    } finally {
      for (const f of [pidFile, `${pidFile}.main`]) {
        const pid = existsSync(f) ? Number(readFileSync(f, "utf8")) : 0;
        if (pid > 0 && alive(pid)) process.kill(pid, "SIGKILL");
      }
    }
  }

  const USER_LINES = '#!/bin/bash\necho "user $1" >>"$USER_MARKER"\n';

  test("boot: custom.sh start runs the service from the share under busybox sh, answers version; shutdown: stop ends it cleanly", async () => {
    const root = deviceRoot({ "etc/os-release": "ID=recalbox\n", [`${SHARE}/custom.sh`]: USER_LINES });
    expect(install(root).status).toBe(0);
    await bootAndShutdown(root, (data) => join(data, "tapserve"));
  }, 90_000);

  test("a share that cannot run programs (mounted noexec, like exFAT without exec bits): the service runs a copy in /tmp", async () => {
    const root = deviceRoot({ "etc/os-release": "ID=recalbox\n" });
    const share = join(root, "recalbox/share");
    mkdirSync(share, { recursive: true });
    const m = run("mount", ["-t", "tmpfs", "-o", "noexec,size=400m", "tapserve-test-share", share]);
    if (m.status !== 0) {
      console.warn(`skipped: cannot mount a noexec tmpfs here (${m.out.trim()})`);
      return;
    }
    try {
      mkdirSync(join(share, "system"));
      writeFileSync(join(share, "system/custom.sh"), USER_LINES);
      expect(install(root).status).toBe(0);
      const bin = join(share, "system/tapserve/tapserve");
      expect(() => accessSync(bin, constants.X_OK)).toThrow();
      expect(run(bin, ["--version"]).status).not.toBe(0);
      await bootAndShutdown(root, (_data, runDir) => join(runDir, "tapserve"));
    } finally {
      spawnSync("umount", ["-l", share]);
    }
  }, 120_000);

  test("a binary without exec bits (exFAT/FAT mounted without them): the service runs a copy in /tmp", async () => {
    const root = deviceRoot({ "etc/os-release": "ID=recalbox\n", [`${SHARE}/custom.sh`]: USER_LINES });
    expect(install(root).status).toBe(0);
    chmodSync(join(root, SHARE, "tapserve/tapserve"), 0o644);
    await bootAndShutdown(root, (_data, runDir) => join(runDir, "tapserve"));
  }, 90_000);
});

describe("install.sh on LibreELEC / CoreELEC", () => {
  test("binary beside its data in /storage/.config/tapserve, unit in /storage/.config/system.d enabled for multi-user.target; a re-run changes nothing", () => {
    for (const id of ["libreelec", "coreelec"]) {
      const root = deviceRoot({ "etc/os-release": `NAME="${id}"\nID=${id}\n`, "storage/.kodi/userdata/guisettings.xml": "<settings/>\n" });
      const first = install(root);
      expect(first).toEqual({ status: 0, out: expect.stringContaining("Installing tapserve (LibreELEC") });
      const after1 = snapshot(root);
      expect(install(root).status).toBe(0);
      expect(snapshot(root)).toEqual(after1);

      const bin = join(root, "storage/.config/tapserve/tapserve");
      expect(mode(bin)).toBe(0o755);
      expect(run(bin, ["--version"]).status).toBe(0);
      same(join(root, "storage/.config/tapserve/INSTALL.txt"), "INSTALL.txt");
      same(join(root, "storage/.config/system.d/tapserve.service"), "libreelec/tapserve.service");
      expect(readlinkSync(join(root, "storage/.config/system.d/multi-user.target.wants/tapserve.service"))).toBe(
        "/storage/.config/system.d/tapserve.service",
      );
      expect(readFileSync(join(root, "storage/.kodi/userdata/guisettings.xml"), "utf8")).toBe("<settings/>\n");
    }
    const forced = deviceRoot({});
    expect(install(forced, "--platform", "coreelec").status).toBe(0);
    expect(existsSync(join(forced, "storage/.config/system.d/tapserve.service"))).toBe(true);
  });

  test("the unit starts the installed binary with the binary's own LibreELEC data folder, after Kodi without requiring it, restarting on failure", () => {
    const unit = readFileSync(join(DEPLOY, "libreelec/tapserve.service"), "utf8");
    expect(unitValues(unit, "ExecStart")).toEqual(["/storage/.config/tapserve/tapserve"]);
    expect(unitValues(unit, "Environment")).toEqual([`TAPSERVE_DATA_DIR=${defaultDataDir("libreelec", {})}`]);
    expect(unitValues(unit, "After")).toEqual(["network-online.target kodi.service"]);
    expect(unitValues(unit, "Wants")).toEqual(["network-online.target kodi.service"]);
    expect(unitValues(unit, "Requires")).toEqual([]);
    expect(unitValues(unit, "Restart")).toEqual(["on-failure"]);
    expect(unitValues(unit, "RestartPreventExitStatus")).toEqual(["78"]);
    expect(unitValues(unit, "WantedBy")).toEqual(["multi-user.target"]);
  });

  test("the unit loads without a single warning from systemd", () => {
    const dir = scratch("tapserve-units-");
    // ExecStart pointed at the real binary, since verify checks that it exists
    const text = readFileSync(join(DEPLOY, "libreelec/tapserve.service"), "utf8").replace(/^ExecStart=.*$/m, `ExecStart=${x64.binary}`);
    writeFileSync(join(dir, "tapserve.service"), text);
    expect(run("systemd-analyze", ["verify", "--man=no", join(dir, "tapserve.service")])).toEqual({ status: 0, out: "" });
  });
});
