/**
 * A service started on a port another one already listens on refuses to start and says why: a second service
 * (an init script and a manual start, two init scripts) must never share the port with the first (no
 * SO_REUSEPORT), the kernel handing each new connection to either.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../fixtures/service.ts";
import { freePort, runChild, waitHealthy, type ChildService } from "../fixtures/process.ts";

const dirs: string[] = [];
const children: ChildService[] = [];
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill("SIGTERM");
  await Promise.all(children.map((c) => c.exited));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDir("tapserve-port-in-use-");
  dirs.push(dir);
  writeFileSync(join(dir, "config.toml"), "[readers]\nauto_detect = false\n");
  return dir;
}

describe("a port already served", () => {
  test("a second service on it exits with the reason; the first keeps serving", async () => {
    const port = await freePort();
    const args = (dir: string) => ["--data-dir", dir, "--port", String(port), "--host", "127.0.0.1"];
    const first = runChild(args(dataDir()), { env: { TAPSERVE_MDNS: "off" } });
    children.push(first);
    await waitHealthy(port, first);
    const second = runChild(args(dataDir()), { env: { TAPSERVE_MDNS: "off" } });
    children.push(second);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(`could not start: Failed to start server. Is port ${port} in use?`);
    expect(second.output()).not.toContain("listening on port");
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(first.proc.exitCode).toBeNull();
  }, 30_000);
});
