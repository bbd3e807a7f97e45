import { beforeAll, describe, expect, test } from "bun:test";
import type { DistArtifact } from "../../build/release/build.ts";
import { BUILD_TIMEOUT_MS, DIST_TEST_API_VERSION, distArtifact } from "../fixtures/dist-build.ts";
import { childReaper, scratchDirs } from "../fixtures/test-cleanup.ts";
import { freePort, runChild, waitHealthy } from "../fixtures/process.ts";
import { RpcClient } from "../fixtures/rpc-client.ts";

/**
 * The arm64 binary on this x64 machine, under user-mode QEMU with a Cortex-A53 (the Raspberry Pi 3 /
 * Zero 2 W core) and Debian's arm64 glibc (packages qemu-user-static, libc6-arm64-cross).
 */
const QEMU = ["qemu-aarch64-static", "-cpu", "cortex-a53", "-L", "/usr/aarch64-linux-gnu"];
const EMULATED_START_MS = 90_000;

const scratch = scratchDirs();
const reap = childReaper();
let arm64: DistArtifact;
beforeAll(async () => {
  arm64 = await distArtifact("linux-arm64");
}, BUILD_TIMEOUT_MS);

describe("the compiled arm64 binary on an emulated Cortex-A53", () => {
  test(
    "answers version over WebSocket and exits 0 on SIGTERM",
    async () => {
      const dataDir = scratch();
      const port = await freePort();
      const child = reap(runChild([...QEMU.slice(1), arm64.binary, "--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], {
        command: QEMU[0],
      }));
      await waitHealthy(port, child, EMULATED_START_MS);
      const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
      expect(await c.call("version")).toEqual({ version: DIST_TEST_API_VERSION, platform: "linux" });
      c.close();
      child.proc.kill("SIGTERM");
      expect(await child.exited).toEqual({ code: 0, signal: null });
    },
    EMULATED_START_MS + 30_000,
  );
});
