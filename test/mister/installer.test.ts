import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSfx } from "../../build/armv7/sfx.ts";
import { BUN, freePort, ROOT } from "../fixtures/process.ts";

/**
 * The Scripts-menu installer (`deploy/mister/sfx-header.sh` + `tapserve-ctl.sh`) in an emulated `/media/fat`,
 * with real shell runs under busybox sh: install, an update in place that keeps the data, the address and
 * pairing PIN it shows, and uninstall (data only after a confirmation). The payload is the real control script
 * with a stand-in service (a small listening program named tapserve.mjs, run by Bun; `start.sh call` answers a
 * pairing PIN) so no ARM emulation is needed; the real service's PIN is checked in armv7-artifact.test.ts.
 */
let dir: string;
let fat: string;
let port: number;
const USER_LINES = '#!/bin/sh\n[ -e /media/fat/other/thing.sh ] && /media/fat/other/thing.sh "$1"\n';

const base = () => join(fat, "tapserve");
const entry = () => join(fat, "Scripts", "tapserve.sh");
const startup = () => join(fat, "linux", "user-startup.sh");

/** A self-extracting tapserve.sh of this version around the real control script and the stand-in service. */
function sfx(version: string): string {
  const src = join(dir, `src-${version}`);
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, "VERSION"), `${version}\n`);
  copyFileSync(join(ROOT, "deploy/mister/tapserve-ctl.sh"), join(src, "tapserve-ctl.sh"));
  writeFileSync(
    join(src, "start.sh"),
    `#!/bin/sh\nDIR=$(cd "$(dirname "$0")" && pwd)\nif [ "$1" = call ]; then echo '{"pin": "424242", "expiresAt": "x"}'; exit 0; fi\nexec "$TAPSERVE_TEST_BUN" "$DIR/tapserve.mjs" "$@"\n`,
  );
  writeFileSync(
    join(src, "tapserve.mjs"),
    [
      'import { createServer } from "node:http";',
      'import { readFileSync, writeFileSync } from "node:fs";',
      "const arg = (n) => process.argv[process.argv.indexOf(n) + 1];",
      'const version = readFileSync(new URL("./VERSION", import.meta.url), "utf8").trim();',
      'const server = createServer((_q, r) => r.end(version)).listen(Number(arg("--port")), arg("--host") ?? "0.0.0.0", () => writeFileSync(arg("--data-dir") + "/served", version));',
      'process.on("SIGTERM", () => server.close(() => process.exit(0)));',
    ].join("\n"),
  );
  const payload = join(dir, `payload-${version}.tgz`);
  execFileSync("sh", ["-c", `tar -cf - -C "${src}" . | gzip -n > "${payload}"`]);
  const out = join(dir, `tapserve-${version}.sh`);
  buildSfx({ header: join(ROOT, "deploy/mister/sfx-header.sh"), payload, version, out });
  return out;
}

/** Runs the Scripts entry as MiSTer would (busybox sh), with `input` on standard input (not a terminal). */
function run(args: string[], input = ""): { out: string; code: number | null } {
  const r = spawnSync("busybox", ["sh", entry(), ...args], {
    input,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      PATH: `${join(dir, "bin")}:/usr/bin:/bin`,
      TAPSERVE_BASE: base(),
      TAPSERVE_USER_STARTUP: startup(),
      TAPSERVE_PORT: String(port),
      TAPSERVE_HOST: "127.0.0.1",
      TAPSERVE_TEST_BUN: BUN,
    },
  });
  return { out: r.stdout + r.stderr, code: r.status };
}

const served = () => (existsSync(join(base(), "served")) ? readFileSync(join(base(), "served"), "utf8") : "");
const hookLines = () => readFileSync(startup(), "utf8").split("\n").filter((l) => l.includes("tapserve boot hook"));

async function until(what: () => boolean): Promise<void> {
  const end = Date.now() + 30_000;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tapserve-installer-"));
  fat = join(dir, "media", "fat");
  mkdirSync(join(fat, "Scripts"), { recursive: true });
  mkdirSync(join(fat, "linux"), { recursive: true });
  writeFileSync(startup(), USER_LINES);
  // MiSTer's busybox ip, as it prints addresses (loopback is not the device's address)
  mkdirSync(join(dir, "bin"));
  writeFileSync(
    join(dir, "bin", "ip"),
    "#!/bin/sh\ncat <<'EOF'\n1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue\n    inet 127.0.0.1/8 scope host lo\n2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc pfifo_fast qlen 1000\n    inet 192.168.1.20/24 brd 192.168.1.255 scope global eth0\nEOF\n",
    { mode: 0o755 },
  );
  port = await freePort();
});

afterAll(() => {
  const pidFile = join(base(), "tapserve.pid");
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, "utf8")), "SIGKILL");
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("MiSTer Scripts-menu installer", () => {
  test("first run: unpacks, adds the boot hook, starts the service, shows its address and a pairing PIN", async () => {
    copyFileSync(sfx("1.0.0"), entry());
    const r = run([]);
    expect(r.out).toContain("Unpacking tapserve 1.0.0");
    expect(r.out).toContain("Service: running");
    expect(r.out).toContain(`Address: 192.168.1.20 (port ${port}; enter it in the phone app)`);
    expect(r.out).toContain("Pairing PIN: 424242 (enter it in the phone app within 5 minutes)");
    expect(r.out).not.toContain("127.0.0.1");
    expect(hookLines()).toHaveLength(1);
    expect(served()).toBe("1.0.0");
  });

  test("a newer tapserve.sh updates in place: data kept, the running service runs the new version, hook once", async () => {
    appendFileSync(join(base(), "config.toml"), "# my own setting\n");
    writeFileSync(join(base(), "user.db"), "my history");
    copyFileSync(sfx("2.0.0"), entry());
    const r = run(["status"]);
    expect(r.out).toContain(`Updating tapserve 1.0.0 to 2.0.0 (config, databases and logs in ${base()} are kept)`);
    await until(() => served() === "2.0.0");
    expect(readFileSync(join(base(), "config.toml"), "utf8")).toContain("# my own setting");
    expect(readFileSync(join(base(), "user.db"), "utf8")).toBe("my history");
    expect(readFileSync(join(base(), "program", "VERSION"), "utf8")).toBe("2.0.0\n");
    expect(existsSync(join(base(), "program.old")) || existsSync(join(base(), "program.new"))).toBe(false);
    expect(run(["status"]).out).toContain("Service: running");
    expect(run(["install"]).out).toContain("Boot hook already in");
    expect(hookLines()).toHaveLength(1);
  });

  test("uninstall: service stopped, boot hook, program and Scripts entry removed; the data stays unless confirmed", async () => {
    const r = run(["uninstall"], "n\n");
    expect(r.code).toBe(0);
    expect(r.out).toContain("tapserve stopped");
    expect(r.out).toContain("Also delete the data (config, databases, logs)");
    expect(r.out).toContain(`Kept the data in ${base()}`);
    expect(existsSync(entry())).toBe(false);
    expect(existsSync(join(base(), "program"))).toBe(false);
    expect(readFileSync(startup(), "utf8")).toBe(USER_LINES); // the user's own lines, as they were
    expect(readFileSync(join(base(), "user.db"), "utf8")).toBe("my history");

    // installed again (the data comes back into use), then removed with its data
    copyFileSync(sfx("2.0.0"), entry());
    expect(run([]).out).toContain("Pairing PIN: 424242");
    const all = run(["uninstall"], "y\n");
    expect(all.out).toContain(`Removed ${base()}`);
    expect(existsSync(base())).toBe(false);
    expect(existsSync(entry())).toBe(false);
    expect(readFileSync(startup(), "utf8")).toBe(USER_LINES);
  });
});
