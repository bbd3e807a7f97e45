/**
 * Without libpcsclite or without pcscd the service runs on, PC/SC readers are disabled with one clear log
 * line, and the reader list stays empty. The service runs as a real child process so that its environment
 * (library name, pcscd socket) is its own.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { freePort, runChild, waitHealthy, type ChildService } from "../../fixtures/process.ts";
import { RpcClient } from "../../fixtures/rpc-client.ts";
import { tempDir } from "../../fixtures/service.ts";

let child: ChildService | null = null;
let dataDir = "";

afterEach(async () => {
  if (child && child.proc.exitCode === null) {
    child.proc.kill("SIGTERM");
    await child.exited;
  }
  child = null;
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<{ port: number; client: RpcClient }> {
  dataDir = tempDir();
  const port = await freePort();
  child = runChild(["--data-dir", dataDir, "--port", String(port)], { env });
  await waitHealthy(port, child);
  return { port, client: await RpcClient.connect(`ws://127.0.0.1:${port}/`) };
}

const count = (text: string, needle: string) => text.split("\n").filter((l) => l.includes(needle)).length;

describe("PC/SC unavailable", () => {
  test("a missing libpcsclite disables the driver with one log line", async () => {
    const { client } = await start({ TAPSERVE_PCSC_LIBRARY: "libpcsclite-missing.so.1" });
    expect(await client.call("readers")).toEqual({ readers: [] });
    await Bun.sleep(2500); // several reader passes
    expect(count(child!.output(), "PC/SC readers disabled: libpcsclite-missing.so.1 could not be loaded")).toBe(1);
    client.close();
  });

  test("a missing pcscd is reported once while the driver keeps retrying quietly", async () => {
    const { client } = await start({ PCSCLITE_CSOCK_NAME: "/nonexistent/tapserve/pcscd.comm" });
    expect(await client.call("readers")).toEqual({ readers: [] });
    await Bun.sleep(2500); // several attempts to reach pcscd
    expect(count(child!.output(), "PC/SC readers unavailable: pcscd is not reachable (SCARD_E_NO_SERVICE)")).toBe(1);
    client.close();
  });
});
