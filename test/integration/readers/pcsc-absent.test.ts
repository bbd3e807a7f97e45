/**
 * Without libpcsclite or without pcscd, PC/SC readers are disabled with one clear log line and the reader list
 * stays empty, while the driver keeps trying to reach pcscd once a second. The real service runs in-process on
 * a manual clock with the real Bun PC/SC binding (the library name, pcscd's socket path); reader passes and the
 * driver's retries happen as the test moves time on, so "nothing more happens" is shown without waiting.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { loadBunPcsc } from "../../../src/runtime/bun/pcsc.ts";
import type { PcscLoad, Runtime } from "../../../src/runtime/types.ts";
import { ManualClock } from "../../fakes/clock.ts";
import { waitFor } from "../../fixtures/launch-env.ts";
import { startService, type TestService } from "../../fixtures/service.ts";

let svc: TestService | null = null;
const socketBefore = process.env.PCSCLITE_CSOCK_NAME;

afterEach(async () => {
  await svc?.stop();
  svc = null;
  process.env.PCSCLITE_CSOCK_NAME = socketBefore;
});

/** The Bun runtime with its PC/SC binding counted at the seam: loads of the library, attempts to reach pcscd. */
function countingPcsc(load: () => PcscLoad) {
  const counts = { loads: 0, attempts: 0 };
  const pcsc = (): PcscLoad => {
    counts.loads++;
    const loaded = load();
    if (!loaded.ok) return loaded;
    const lib = loaded.library;
    return {
      ok: true,
      library: {
        establish: () => {
          counts.attempts++;
          return lib.establish();
        },
        close: () => lib.close(),
      },
    };
  };
  const runtime: Runtime = { ...bunRuntime, pcsc };
  return { runtime, counts };
}

async function start(load: () => PcscLoad) {
  const clock = new ManualClock(Date.now());
  const { runtime, counts } = countingPcsc(load);
  const service = await startService({ app: { runtime, clock } });
  svc = service;
  const client = await service.connect();
  const logLines = (needle: string) => readFileSync(join(service.dataDir, "service.log"), "utf8").split("\n").filter((l) => l.includes(needle)).length;
  return { clock, counts, client, logLines };
}

describe("PC/SC unavailable", () => {
  test("a missing libpcsclite disables the driver with one log line; later passes do not load it again", async () => {
    const { clock, counts, client, logLines } = await start(() => loadBunPcsc("libpcsclite-missing.so.1"));
    await waitFor(() => counts.loads === 1, "the first reader pass");
    expect(await client.call("readers")).toEqual({ readers: [] });
    for (let i = 0; i < 5; i++) await clock.advance(1000); // five more reader passes
    expect(counts).toEqual({ loads: 1, attempts: 0 });
    expect(await client.call("readers")).toEqual({ readers: [] });
    expect(logLines("PC/SC readers disabled: libpcsclite-missing.so.1 could not be loaded")).toBe(1);
  });

  test("a missing pcscd is reported once while the driver keeps retrying quietly, once a second", async () => {
    process.env.PCSCLITE_CSOCK_NAME = "/nonexistent/tapserve/pcscd.comm";
    const { clock, counts, client, logLines } = await start(() => loadBunPcsc());
    await waitFor(() => counts.attempts === 1, "the first attempt to reach pcscd");
    expect(await client.call("readers")).toEqual({ readers: [] });
    for (let i = 0; i < 5; i++) await clock.advance(1000);
    expect(counts).toEqual({ loads: 1, attempts: 6 });
    expect(await client.call("readers")).toEqual({ readers: [] });
    expect(logLines("PC/SC readers unavailable: pcscd is not reachable (SCARD_E_NO_SERVICE)")).toBe(1);
  });
});
