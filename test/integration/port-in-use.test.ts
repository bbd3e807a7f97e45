/**
 * A service started on a port another one already listens on refuses to start and says why: a second service
 * (an init script and a manual start, two init scripts) must never share the port with the first (no
 * SO_REUSEPORT), the kernel handing each new connection to either.
 */
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, runChild, waitHealthy } from "../fixtures/process.ts";
import { childReaper, scratchDirs } from "../fixtures/test-cleanup.ts";

const scratch = scratchDirs();
const reap = childReaper();

function dataDir(): string {
  const dir = scratch("tapserve-port-in-use-");
  writeFileSync(join(dir, "config.toml"), "[readers]\nauto_detect = false\n");
  return dir;
}

describe("a port already served", () => {
  test("a second service on it exits with the reason; the first keeps serving", async () => {
    const port = await freePort();
    const args = (dir: string) => ["--data-dir", dir, "--port", String(port), "--host", "127.0.0.1"];
    const first = reap(runChild(args(dataDir()), { env: { TAPSERVE_MDNS: "off" } }));
    await waitHealthy(port, first);
    const second = reap(runChild(args(dataDir()), { env: { TAPSERVE_MDNS: "off" } }));
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(`could not start: Failed to start server. Is port ${port} in use?`);
    expect(second.output()).not.toContain("listening on port");
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(first.proc.exitCode).toBeNull();
  }, 30_000);
});
