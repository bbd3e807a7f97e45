/**
 * simpleserial and rs232barcode through the whole service, each device an in-memory serial port
 * (test/fakes/serial-port.ts): tokens, launches of a real process, removal (simpleserial), capabilities, baud
 * rates, unplug and replug. The removal window itself is timed on a manual clock in simpleserial-removal.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { readerIdFor } from "../../../src/readers/reader-id.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { FakeSerialDevice, fakeSerialRuntime } from "../../fakes/serial-port.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { tempDir, type TestService } from "../../fixtures/service.ts";
import { startServiceWithRuntime } from "../../fixtures/service-with-runtime.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";

let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let simplePath: string;
let scannerPath: string;
let simple: FakeSerialDevice;
let scanner: FakeSerialDevice;

type Params = Record<string, unknown>;

function mark(): number {
  return client.notifications.length;
}

async function next<T = Params>(method: string, from: number, pred: (p: T) => boolean = () => true): Promise<T> {
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 15_000);
  return hit.params as T;
}

const since = (from: number, method: string) => client.notifications.slice(from).filter((n) => n.method === method);
const say = (device: FakeSerialDevice, text: string) => device.emitData(text);

async function readerOf(driver: string): Promise<Params | undefined> {
  const { readers } = await client.call<{ readers: Params[] }>("readers");
  return readers.find((r) => r.driver === driver);
}

async function launched(): Promise<string[]> {
  const rec = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
  rmSync(emu.record);
  return rec;
}

beforeAll(async () => {
  root = tempDir("tapserve-line-readers-");
  writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md", "roms/Genesis/Comix.md"]);
  emu = writeEmulator(join(root, "emu"));
  simplePath = join(root, "dev/ttyACM0");
  scannerPath = join(root, "dev/ttyUSB3");
  simple = new FakeSerialDevice({ node: simplePath });
  scanner = new FakeSerialDevice({ node: scannerPath });
  const runtime = fakeSerialRuntime(bunRuntime, new Map([[simplePath, simple], [scannerPath, scanner]]));
  svc = await startServiceWithRuntime(runtime, {
    configToml: readerServiceConfig({
      readers: { connect: [{ driver: "simple_serial", path: simplePath }, { driver: "rs232_barcode", path: scannerPath }] },
      root,
      emulator: { id: "LineEmu", script: emu.script, extensions: [".md"] },
    }),
  });
  client = await svc.connect();
  await waitFor(async () => (await readerOf("simpleserial")) && (await readerOf("rs232barcode")), "both readers");
});

afterAll(async () => {
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("simpleserial", () => {
  test("readers shows it with the reference's id and the removable capability; the port runs at 115200", async () => {
    expect(await readerOf("simpleserial")).toEqual({
      id: simplePath,
      readerId: readerIdFor("simpleserial", `simpleserial:${simplePath}`),
      driver: "simpleserial",
      info: `Simple serial (simpleserial:${simplePath})`,
      connected: true,
      capabilities: ["removable"],
    });
    expect(simple.baud).toBe(115200);
  });

  test("a SCAN line is a token and launches; a repeat keeps it; silence removes it", async () => {
    const from = mark();
    const line = "SCAN\tuid=04aabbcc\ttext=Genesis/Sonic.md";
    say(simple, `${line}\r\n`);
    expect(await next("tokens.added", from)).toMatchObject({ type: "", uid: "04aabbcc", text: "Genesis/Sonic.md", data: line });
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Sonic.md"));
    say(simple, `${line}\n`); // the device repeats the line while the token is on it
    await next("tokens.removed", from);
    expect(since(from, "tokens.added")).toHaveLength(1);
    expect((await client.call<{ active: unknown[] }>("tokens")).active).toEqual([]);
  });

  test("chatter is ignored; a line without known args is all text; a new text is a new scan", async () => {
    const from = mark();
    say(simple, "hello\n\nSCAN\t\nSCAN\n  \nscan\tuid=1\n");
    say(simple, "SCAN\tGenesis/Streets.md\n");
    expect(await next("tokens.added", from)).toMatchObject({ uid: "", text: "Genesis/Streets.md", data: "SCAN\tGenesis/Streets.md" });
    expect(since(from, "tokens.added")).toHaveLength(1);
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Streets.md"));
    const swap = mark();
    say(simple, "SCAN\ttext=Genesis/Comix.md\n");
    expect(await next("tokens.added", swap)).toMatchObject({ text: "Genesis/Comix.md" });
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Comix.md"));
    await next("tokens.removed", swap);
  });

  test("removable=no drops the removable capability; removable=yes brings it back", async () => {
    const from = mark();
    say(simple, "SCAN\tuid=77\tremovable=no\n");
    await next("tokens.added", from);
    expect((await readerOf("simpleserial"))?.capabilities).toEqual([]);
    await next("tokens.removed", from);
    const back = mark();
    say(simple, "SCAN\tuid=78\tremovable=yes\n");
    await next("tokens.added", back);
    expect((await readerOf("simpleserial"))?.capabilities).toEqual(["removable"]);
    await next("tokens.removed", back);
  });

  test("hold mode: removal ends the media only while the reader reports `removable`", async () => {
    expect(await client.call("settings.update", { insertMode: true, insertModeExitDelay: 0 })).toBeNull();
    try {
      const from = mark();
      // That a removal from a reader without `removable` never stops the media is shown on a manual clock in
      // test/unit/readers/readers-module.test.ts; here the flag travels from the line to the reader.
      say(simple, "SCAN\ttext=Genesis/Sonic.md\tremovable=no\n");
      await next("tokens.added", from);
      await launched();
      expect((await readerOf("simpleserial"))?.capabilities).toEqual([]);
      await next("tokens.removed", from);

      const removable = mark();
      // the token stays as a device keeps it there, repeating its line, until the media it launched runs (a
      // launch slower than the 1 s removal time must not see the token gone first); then it is taken away
      const line = "SCAN\ttext=Genesis/Comix.md\tremovable=yes\n";
      say(simple, line);
      const holding = setInterval(() => say(simple, line), 300);
      try {
        await next("tokens.added", removable);
        await launched();
        await next("media.started", removable, (p) => p.mediaName === "Comix");
      } finally {
        clearInterval(holding);
      }
      const afterLaunch = mark();
      await next("tokens.removed", removable);
      await next("media.stopped", afterLaunch, (p) => p.mediaName === "Comix");
      expect(await client.call("media.active")).toBeNull();
    } finally {
      await client.call("settings.update", { insertMode: false });
    }
  });

  test("unplug → readers.removed (the token goes with it); replug → readers.added and scans work again", async () => {
    const from = mark();
    say(simple, "SCAN\tuid=99\n");
    await next("tokens.added", from);
    simple.unplug();
    expect(await next("readers.removed", from, (p) => p.driver === "simpleserial")).toEqual({ connected: false, driver: "simpleserial", path: simplePath });
    expect(since(from, "tokens.removed")).toHaveLength(1);
    simple.plug();
    expect(await next("readers.added", from, (p) => p.driver === "simpleserial")).toEqual({ connected: true, driver: "simpleserial", path: simplePath });
    const again = mark();
    say(simple, "SCAN\tuid=100\n");
    expect(await next("tokens.added", again)).toMatchObject({ uid: "100" });
    // its removal window ends here, not inside the next reader's tests (they count removals)
    await next("tokens.removed", again);
  });
});

describe("rs232barcode", () => {
  test("readers shows it with no capabilities; the port runs at 9600", async () => {
    expect(await readerOf("rs232barcode")).toEqual({
      id: scannerPath,
      readerId: readerIdFor("rs232barcode", `rs232barcode:${scannerPath}`),
      driver: "rs232barcode",
      info: `RS232 barcode scanner (rs232barcode:${scannerPath})`,
      connected: true,
      capabilities: [],
    });
    expect(scanner.baud).toBe(9600);
  });

  test("each CR- or LF-ended line is a Barcode token that launches; STX/ETX are stripped; there is no removal", async () => {
    const from = mark();
    say(scanner, "\x02Genesis/Sonic.md\x03\r");
    expect(await next("tokens.added", from)).toMatchObject({ type: "Barcode", uid: "Genesis/Sonic.md", text: "Genesis/Sonic.md", data: "Genesis/Sonic.md" });
    const rec = await launched();
    expect(rec[1]).toBe(join(root, "roms/Genesis/Sonic.md"));
    expect(isAlive(Number(rec[0]))).toBe(true);
    say(scanner, "Genesis/Comix.md\n");
    expect(await next("tokens.added", from, (p) => p.text === "Genesis/Comix.md")).toMatchObject({ type: "Barcode" });
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Comix.md"));
    expect(since(from, "tokens.removed")).toEqual([]);
    await client.call("stop");
  });

  test("a line over 8 KiB is dropped whole; the next line still scans", async () => {
    const from = mark();
    say(scanner, `${"9".repeat(9000)}\n`);
    say(scanner, "5012345678900\n");
    expect(await next("tokens.added", from)).toMatchObject({ uid: "5012345678900" });
    expect(since(from, "tokens.added")).toHaveLength(1);
  });
});
