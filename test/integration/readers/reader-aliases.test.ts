/**
 * The reference's PN532 driver names in `[[readers.connect]]`, through the whole service: `legacy_pn532_uart`,
 * `legacy_pn532_i2c`, `pn532_i2c` and `pn532_spi` entries are opened by our PN532 driver on the wire each names
 * (in-memory serial port; fake I2C/SPI devices below the runtime seam, test/fakes/pn532-bus.ts, each with the
 * PN532 simulator behind it) and listed by `readers` with driver `pn532`.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { FakePn532Bus } from "../../fakes/pn532-bus.ts";
import { FakeSerialDevice, fakeSerialRuntime } from "../../fakes/serial-port.ts";
import { waitFor, writeEmulator } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

let root: string;
let svc: TestService;
let client: RpcClient;
const sims: Pn532Sim[] = [];
const i2c = new Map<string, FakePn532Bus>();
const spi = new Map<string, FakePn532Bus>();

async function chipOn(bus: FakePn532Bus): Promise<FakePn532Bus> {
  const sim = new Pn532Sim();
  await sim.attach(bus.chipEnd(), { bus: true });
  sims.push(sim);
  return bus;
}

beforeAll(async () => {
  root = tempDir("tapserve-reader-aliases-");
  const emu = writeEmulator(join(root, "emu"));
  const uart = new FakeSerialDevice();
  const sim = new Pn532Sim();
  await sim.attach(uart.deviceEnd());
  sims.push(sim);
  i2c.set("/dev/i2c-1", await chipOn(new FakePn532Bus()));
  i2c.set("/dev/i2c-3", await chipOn(new FakePn532Bus()));
  spi.set("/dev/spidev0.0", await chipOn(new FakePn532Bus()));
  const base = fakeSerialRuntime(bunRuntime, new Map([["/dev/ttyS7", uart]]));
  const runtime = {
    ...base,
    openI2c: (path: string, address: number) => i2c.get(path)!.openI2c(path, address),
    openSpi: (path: string, o: { speedHz: number; mode: number }) => spi.get(path)!.openSpi(path, o),
  };
  svc = await startService({
    configToml: readerServiceConfig({
      readers: {
        autoDetect: false,
        connect: [
          { driver: "legacy_pn532_uart", path: "/dev/ttyS7" },
          { driver: "legacy_pn532_i2c", path: "/dev/i2c-1" },
          { driver: "pn532_i2c", path: "/dev/i2c-3" },
          { driver: "pn532_spi", path: "/dev/spidev0.0" },
        ],
      },
      root,
      emulator: { id: "TagEmu", script: emu.script, extensions: [".md"] },
    }),
    app: { runtime },
  });
  client = await svc.connect();
});

afterAll(async () => {
  await svc?.stop();
  for (const s of sims) await s.detach();
  rmSync(root, { recursive: true, force: true });
});

test("reference PN532 names are opened by the PN532 driver on the wire they name and listed", async () => {
  const listed = async () => (await client.call<{ readers: Array<Record<string, unknown>> }>("readers")).readers;
  const readers = await waitFor(async () => {
    const r = await listed();
    return r.length === 4 && r;
  }, "four readers");
  const byPath = Object.fromEntries(readers.map((r) => [r.id, r]));
  expect(byPath["/dev/ttyS7"]).toMatchObject({ driver: "pn532", info: "PN532 (pn532uart:/dev/ttyS7)", connected: true, capabilities: ["write", "removable"] });
  expect(byPath["/dev/i2c-1"]).toMatchObject({ driver: "pn532", info: "PN532 (pn532i2c:/dev/i2c-1)", connected: true });
  expect(byPath["/dev/i2c-3"]).toMatchObject({ driver: "pn532", info: "PN532 (pn532i2c:/dev/i2c-3)", connected: true });
  expect(byPath["/dev/spidev0.0"]).toMatchObject({ driver: "pn532", info: "PN532 (pn532spi:/dev/spidev0.0)", connected: true });
  expect(i2c.get("/dev/i2c-1")!.address).toBe(0x24);
});
