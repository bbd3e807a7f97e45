/**
 * simpleserial and rs232barcode through the whole service, each device played over a pty pair: tokens,
 * launches of a real process, removal timing (simpleserial), capabilities, unplug and replug.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { readerIdFor } from "../../../src/readers/reader-id.ts";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import type { SerialPort } from "../../../src/runtime/types.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";
import { readerServiceConfig } from "../../fixtures/reader-service-config.ts";

let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let simple: SerialPair;
let scanner: SerialPair;
let simplePeer: SerialPort;
let scannerPeer: SerialPort;

type Params = Record<string, unknown>;

function mark(): number {
  return client.notifications.length;
}

async function next<T = Params>(method: string, from: number, pred: (p: T) => boolean = () => true): Promise<T> {
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method && pred(n.params as T)), method, 15_000);
  return hit.params as T;
}

const since = (from: number, method: string) => client.notifications.slice(from).filter((n) => n.method === method);
const say = (port: SerialPort, text: string) => port.write(new TextEncoder().encode(text));

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
  simple = await startSerialPair("ttyACM0");
  scanner = await startSerialPair("ttyUSB3");
  simplePeer = await bunRuntime.openSerial(simple.peerPath, { baud: 115200 });
  scannerPeer = await bunRuntime.openSerial(scanner.peerPath, { baud: 9600 });
  svc = await startService({
    configToml: readerServiceConfig({
      readers: { connect: [{ driver: "simple_serial", path: simple.devicePath }, { driver: "rs232_barcode", path: scanner.devicePath }] },
      root,
      emulator: { id: "LineEmu", script: emu.script, extensions: [".md"] },
    }),
  });
  client = await svc.connect();
  await waitFor(async () => (await readerOf("simpleserial")) && (await readerOf("rs232barcode")), "both readers");
});

afterAll(async () => {
  await svc?.stop();
  await simplePeer?.close();
  await scannerPeer?.close();
  await simple?.stop();
  await scanner?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("simpleserial", () => {
  test("readers shows it with the reference's id and the removable capability; the port runs at 115200", async () => {
    expect(await readerOf("simpleserial")).toEqual({
      id: simple.devicePath,
      readerId: readerIdFor("simpleserial", `simpleserial:${simple.devicePath}`),
      driver: "simpleserial",
      info: `Simple serial (simpleserial:${simple.devicePath})`,
      connected: true,
      capabilities: ["removable"],
    });
    expect(spawnSync("stty", ["-F", simple.devicePath, "speed"], { encoding: "utf8" }).stdout.trim()).toBe("115200");
  });

  test("a SCAN line is a token and launches; repeats keep it; silence removes it", async () => {
    const from = mark();
    const line = "SCAN\tuid=04aabbcc\ttext=Genesis/Sonic.md";
    await say(simplePeer, `${line}\r\n`);
    expect(await next("tokens.added", from)).toMatchObject({ type: "", uid: "04aabbcc", text: "Genesis/Sonic.md", data: line });
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Sonic.md"));
    // The device repeats the line while the token is on it (well inside the removal window).
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 300));
      await say(simplePeer, `${line}\n`);
    }
    expect(since(from, "tokens.removed")).toEqual([]);
    expect(since(from, "tokens.added")).toHaveLength(1);
    await next("tokens.removed", from);
    expect((await client.call<{ active: unknown[] }>("tokens")).active).toEqual([]);
  });

  test("chatter is ignored; a line without known args is all text; a new text is a new scan", async () => {
    const from = mark();
    await say(simplePeer, "hello\n\nSCAN\t\nSCAN\n  \nscan\tuid=1\n");
    await say(simplePeer, "SCAN\tGenesis/Streets.md\n");
    expect(await next("tokens.added", from)).toMatchObject({ uid: "", text: "Genesis/Streets.md", data: "SCAN\tGenesis/Streets.md" });
    expect(since(from, "tokens.added")).toHaveLength(1);
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Streets.md"));
    const swap = mark();
    await say(simplePeer, "SCAN\ttext=Genesis/Comix.md\n");
    expect(await next("tokens.added", swap)).toMatchObject({ text: "Genesis/Comix.md" });
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Comix.md"));
    await next("tokens.removed", swap);
  });

  test("removable=no drops the removable capability; removable=yes brings it back", async () => {
    const from = mark();
    await say(simplePeer, "SCAN\tuid=77\tremovable=no\n");
    await next("tokens.added", from);
    expect((await readerOf("simpleserial"))?.capabilities).toEqual([]);
    await next("tokens.removed", from);
    const back = mark();
    await say(simplePeer, "SCAN\tuid=78\tremovable=yes\n");
    await next("tokens.added", back);
    expect((await readerOf("simpleserial"))?.capabilities).toEqual(["removable"]);
    await next("tokens.removed", back);
  });

  test("hold mode: removal ends the media only while the reader reports `removable`", async () => {
    expect(await client.call("settings.update", { insertMode: true, insertModeExitDelay: 0 })).toBeNull();
    try {
      const from = mark();
      await say(simplePeer, "SCAN\ttext=Genesis/Sonic.md\tremovable=no\n");
      await next("tokens.added", from);
      const sonic = Number((await launched())[0]);
      await next("tokens.removed", from);
      await new Promise((r) => setTimeout(r, 500)); // an exit with delay 0 would have happened by now
      expect(since(from, "media.stopped").filter((n) => (n.params as Params).mediaName === "Sonic")).toEqual([]);
      expect(isAlive(sonic)).toBe(true);

      const removable = mark();
      await say(simplePeer, "SCAN\ttext=Genesis/Comix.md\tremovable=yes\n");
      await next("tokens.added", removable);
      await launched();
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
    await say(simplePeer, "SCAN\tuid=99\n");
    await next("tokens.added", from);
    await simplePeer.close();
    await simple.unplug();
    expect(await next("readers.removed", from, (p) => p.driver === "simpleserial")).toEqual({ connected: false, driver: "simpleserial", path: simple.devicePath });
    expect(since(from, "tokens.removed")).toHaveLength(1);
    await simple.replug();
    simplePeer = await bunRuntime.openSerial(simple.peerPath, { baud: 115200 });
    expect(await next("readers.added", from, (p) => p.driver === "simpleserial")).toEqual({ connected: true, driver: "simpleserial", path: simple.devicePath });
    const again = mark();
    await say(simplePeer, "SCAN\tuid=100\n");
    expect(await next("tokens.added", again)).toMatchObject({ uid: "100" });
  });
});

describe("rs232barcode", () => {
  test("readers shows it with no capabilities; the port runs at 9600", async () => {
    expect(await readerOf("rs232barcode")).toEqual({
      id: scanner.devicePath,
      readerId: readerIdFor("rs232barcode", `rs232barcode:${scanner.devicePath}`),
      driver: "rs232barcode",
      info: `RS232 barcode scanner (rs232barcode:${scanner.devicePath})`,
      connected: true,
      capabilities: [],
    });
    expect(spawnSync("stty", ["-F", scanner.devicePath, "speed"], { encoding: "utf8" }).stdout.trim()).toBe("9600");
  });

  test("each CR- or LF-ended line is a Barcode token that launches; STX/ETX are stripped; there is no removal", async () => {
    const from = mark();
    await say(scannerPeer, "\x02Genesis/Sonic.md\x03\r");
    expect(await next("tokens.added", from)).toMatchObject({ type: "Barcode", uid: "Genesis/Sonic.md", text: "Genesis/Sonic.md", data: "Genesis/Sonic.md" });
    const rec = await launched();
    expect(rec[1]).toBe(join(root, "roms/Genesis/Sonic.md"));
    expect(isAlive(Number(rec[0]))).toBe(true);
    await say(scannerPeer, "Genesis/Comix.md\n");
    expect(await next("tokens.added", from, (p) => p.text === "Genesis/Comix.md")).toMatchObject({ type: "Barcode" });
    expect((await launched())[1]).toBe(join(root, "roms/Genesis/Comix.md"));
    expect(since(from, "tokens.removed")).toEqual([]);
    await client.call("stop");
  });

  test("a line over 8 KiB is dropped whole; the next line still scans", async () => {
    const from = mark();
    await say(scannerPeer, `${"9".repeat(9000)}\n`);
    await say(scannerPeer, "5012345678900\n");
    expect(await next("tokens.added", from)).toMatchObject({ uid: "5012345678900" });
    expect(since(from, "tokens.added")).toHaveLength(1);
  });
});
