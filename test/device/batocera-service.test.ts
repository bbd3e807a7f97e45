import { beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DistArtifact } from "../../build/release/build.ts";
import { BUILD_TIMEOUT_MS, DIST_TEST_API_VERSION, distArtifact } from "../fixtures/dist-build.ts";
import { scratchDirs } from "../fixtures/test-cleanup.ts";
import { freePort } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";

/**
 * deploy/batocera/tapserve, the script Batocera runs with start / stop, driving the real x64 binary. Its paths
 * come from env (defaults: /userdata/…), so the test points them at a temp folder.
 */
const SCRIPT = join(import.meta.dir, "..", "..", "deploy", "batocera", "tapserve");
const scratch = scratchDirs();
let x64: DistArtifact;
beforeAll(async () => {
  x64 = await distArtifact("linux-x64");
}, BUILD_TIMEOUT_MS);

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

describe("the Batocera service script", () => {
  test("start runs the service in the background, a crash restarts it, stop ends it cleanly", async () => {
    const dir = scratch("tapserve-batocera-");
    const port = await freePort();
    const pidFile = join(dir, "tapserve.pid");
    const env = {
      ...process.env,
      TAPSERVE_BIN: x64.binary,
      TAPSERVE_DATA_DIR: join(dir, "data"),
      TAPSERVE_PIDFILE: pidFile,
      TAPSERVE_PORT: String(port),
      TAPSERVE_HOST: "127.0.0.1",
      TAPSERVE_RESTART_DELAY: "1",
    };
    const svc = (cmd: string) => {
      const r = spawnSync("sh", [SCRIPT, cmd], { env, encoding: "utf8", timeout: 60000 });
      return { status: r.status, out: `${r.stdout}${r.stderr}` };
    };
    const mainPid = () => Number(readFileSync(`${pidFile}.main`, "utf8"));
    const wal = join(dir, "data", "user.db-wal");
    let supervisor = 0;
    try {
      expect(svc("status").status).toBe(1);
      expect(svc("start")).toEqual({ status: 0, out: `tapserve started (data in ${join(dir, "data")})\n` });
      supervisor = Number(readFileSync(pidFile, "utf8"));
      await until("the service to answer", () => answersVersion(port));
      expect(existsSync(join(dir, "data", "config.toml"))).toBe(true);
      expect(existsSync(wal)).toBe(true); // the user database is open (WAL); only a clean close removes its log
      expect(svc("status")).toEqual({ status: 0, out: `tapserve is running (pid ${supervisor})\n` });
      expect(svc("start").out).toBe(`tapserve is already running (pid ${supervisor})\n`);

      const first = mainPid();
      process.kill(first, "SIGKILL");
      await until("a restarted service", async () => existsSync(`${pidFile}.main`) && mainPid() !== first && (await answersVersion(port)));
      expect(alive(supervisor)).toBe(true);

      const second = mainPid();
      expect(svc("stop")).toEqual({ status: 0, out: "tapserve stopped\n" });
      expect(alive(second)).toBe(false);
      expect(alive(supervisor)).toBe(false);
      expect(existsSync(pidFile)).toBe(false);
      expect(await answersVersion(port)).toBe(false);
      // the service shut down on SIGTERM (it was not killed): its stop closed the user database cleanly
      expect(existsSync(wal)).toBe(false);
      expect(svc("stop").out).toBe("tapserve is not running\n");
    } finally {
      for (const f of [pidFile, `${pidFile}.main`]) {
        const pid = existsSync(f) ? Number(readFileSync(f, "utf8")) : 0;
        if (pid > 0 && alive(pid)) process.kill(pid, "SIGKILL");
      }
    }
  }, 90_000);

  test("an invalid config ends the service after one attempt, not in a restart loop", async () => {
    const dir = scratch("tapserve-batocera-");
    const data = join(dir, "data");
    await Bun.write(join(data, "config.toml"), "[service]\napi_port = 'not a port'\n");
    // the binary behind a wrapper that counts its starts
    const starts = join(dir, "starts");
    const wrapper = join(dir, "tapserve-counted");
    writeFileSync(wrapper, `#!/bin/sh\necho start >>"${starts}"\nexec "${x64.binary}" "$@"\n`, { mode: 0o755 });
    const pidFile = join(dir, "tapserve.pid");
    const env = { ...process.env, TAPSERVE_BIN: wrapper, TAPSERVE_DATA_DIR: data, TAPSERVE_PIDFILE: pidFile, TAPSERVE_HOST: "127.0.0.1", TAPSERVE_RESTART_DELAY: "1" };
    const status = () => spawnSync("sh", [SCRIPT, "status"], { env, encoding: "utf8" }).status;
    expect(spawnSync("sh", [SCRIPT, "start"], { env }).status).toBe(0);
    await until("the supervisor to give up", () => status() === 1);
    expect(readFileSync(starts, "utf8")).toBe("start\n");
    expect(existsSync(pidFile)).toBe(false);
    expect(readFileSync(join(data, "config.toml"), "utf8")).toBe("[service]\napi_port = 'not a port'\n");
  }, 60_000);
});
