import { describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, runChild, waitHealthy } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";
import { tempDir } from "../fixtures/service.ts";

describe("the service as a process", () => {
  test("settings.update persists across a restart; SIGTERM exits cleanly", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    let child = runChild(["--data-dir", dataDir, "--port", String(port)]);
    await waitHealthy(port, child);
    let c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    expect((await c.call<{ debug: boolean }>("settings")).debug).toBe(false);
    expect(await c.call("settings.update", { debug: true })).toBeNull();
    c.close();
    child.proc.kill("SIGTERM");
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const mode = (p: string) => statSync(join(dataDir, p)).mode & 0o777;
    expect(mode("config.toml")).toBe(0o600);
    expect(mode("user.db")).toBe(0o600);
    expect(readFileSync(join(dataDir, "config.toml"), "utf8")).toContain("debug_logging = true");

    child = runChild(["--data-dir", dataDir], { env: { TAPSERVE_PORT: String(port) } });
    await waitHealthy(port, child);
    c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    expect((await c.call<{ debug: boolean }>("settings")).debug).toBe(true);
    c.close();
    child.proc.kill("SIGINT");
    expect((await child.exited).code).toBe(0);
    expect(child.output()).toContain("shutting down");
  });

  test("SIGTERM with clients still connected: they are told the service is going, and it exits cleanly", async () => {
    const port = await freePort();
    const child = runChild(["--data-dir", tempDir(), "--port", String(port)]);
    await waitHealthy(port, child);
    const clients = await Promise.all([RpcClient.connect(`ws://127.0.0.1:${port}/`), RpcClient.connect(`ws://127.0.0.1:${port}/api/v0.1`)]);
    for (const c of clients) expect(await c.call("version")).toMatchObject({ platform: expect.any(String) });
    child.proc.kill("SIGTERM");
    // no client closes its side: the service has to end the sessions itself (a phone left open must not hang a stop)
    for (const c of clients) expect((await c.waitClosed(10_000)).code).toBe(1001);
    expect(await child.exited).toEqual({ code: 0, signal: null });
  });

  test("a truncated config file is reported clearly and left untouched", async () => {
    const dataDir = tempDir();
    const broken = '[service]\napi_port = 7497\n[readers.scan]\nmode = "ta';
    writeFileSync(join(dataDir, "config.toml"), broken);
    const child = runChild(["--data-dir", dataDir, "--port", String(await freePort())]);
    const { code } = await child.exited;
    expect(code).toBe(78);
    expect(child.output()).toContain("config.toml is invalid");
    expect(child.output()).toContain("line 4");
    expect(readFileSync(join(dataDir, "config.toml"), "utf8")).toBe(broken);
  });

  test("every problem in a config file is reported at once", async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, "config.toml"), '[service]\napi_port = "x"\n[readers.scan]\nmode = "sometimes"\n');
    const child = runChild(["--data-dir", dataDir]);
    expect((await child.exited).code).toBe(78);
    expect(child.output()).toContain("service.api_port");
    expect(child.output()).toContain("readers.scan.mode");
  });

  test("--help and --version", async () => {
    const help = runChild(["--help"]);
    expect((await help.exited).code).toBe(0);
    for (const flag of ["--port", "--config", "--data-dir", "--version"]) expect(help.output()).toContain(flag);
    const version = runChild(["--version"]);
    expect((await version.exited).code).toBe(0);
    expect(version.output()).toMatch(/\d+\.\d+\.\d+/);
    const bad = runChild(["--nope"]);
    expect((await bad.exited).code).toBe(2);
  });
});
