/**
 * The real serial adapters over socat's pty pairs, the one place where ttys are real: Bun's (libc through FFI)
 * and Node's (stty + libuv tty), and the PN532 driver in the Node build. Every protocol test (PN532, the line
 * readers, retries) runs on the in-memory port of test/fakes/serial-port.ts, which mirrors what is checked here.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunRuntime } from "../../../src/runtime/bun/index.ts";
import { SerialError, type SerialPort } from "../../../src/runtime/serial-types.ts";
import { waitFor } from "../../fixtures/launch-env.ts";
import { Pn532Sim } from "../../fixtures/pn532-sim.ts";
import { Ntag215 } from "../../fixtures/pn532-tags.ts";
import { type SerialPair, startSerialPair } from "../../fixtures/serial-pair.ts";

const ROOT = join(import.meta.dir, "../../..");
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function pair(): Promise<SerialPair> {
  const p = await startSerialPair();
  cleanups.push(() => p.stop());
  return p;
}

async function open(path: string, baud: 9600 | 115200 = 115200): Promise<SerialPort> {
  const port = await bunRuntime.openSerial(path, { baud });
  cleanups.push(() => port.close());
  return port;
}

function collect(port: SerialPort): { bytes: number[]; until(n: number): Promise<Uint8Array> } {
  const bytes: number[] = [];
  const waiters: Array<() => void> = [];
  port.onData((chunk) => {
    bytes.push(...chunk);
    for (const w of waiters.splice(0)) w();
  });
  return {
    bytes,
    async until(n) {
      const deadline = Date.now() + 5000;
      while (bytes.length < n) {
        if (Date.now() > deadline) throw new Error(`got ${bytes.length} of ${n} bytes`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return Uint8Array.from(bytes.splice(0, n));
    },
  };
}

async function failure(p: Promise<unknown>): Promise<SerialError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SerialError);
    return err as SerialError;
  }
  throw new Error("expected a SerialError");
}

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

describe("serial ports (Bun, libc through FFI)", () => {
  test("every byte value passes unchanged both ways (raw: no CR/LF mapping, no XON/XOFF, no signals)", async () => {
    const p = await pair();
    const dev = await open(p.devicePath);
    const peer = await open(p.peerPath);
    const atPeer = collect(peer);
    const atDev = collect(dev);
    await dev.write(ALL_BYTES);
    expect(await atPeer.until(256)).toEqual(ALL_BYTES);
    const back = ALL_BYTES.slice().reverse();
    await peer.write(back);
    expect(await atDev.until(256)).toEqual(back);
  });

  test("a port is opened exclusively: a second open is refused as busy until the first closes", async () => {
    const p = await pair();
    const first = await bunRuntime.openSerial(p.devicePath, { baud: 115200 });
    const err = await failure(bunRuntime.openSerial(p.devicePath, { baud: 115200 }));
    expect(err.kind).toBe("busy");
    await first.close();
    await first.close(); // idempotent
    const again = await open(p.devicePath);
    expect(again.isOpen).toBe(true);
  });

  test("unplugging the device ends the port with 'gone'; writes then fail cleanly", async () => {
    const p = await pair();
    const dev = await open(p.devicePath);
    const ended = new Promise<SerialError | undefined>((r) => dev.onClose(r));
    await p.unplug();
    const why = await ended;
    // test/fakes/serial-port.ts copies these kinds and messages. The same unplug reaches the port as a hang-up or,
    // when a read is under way, as EIO first: both mean the device went away, and both end the port as `gone`.
    expect(why?.kind).toBe("gone");
    expect([`${p.devicePath} hung up`, `${p.devicePath}: device went away (EIO)`]).toContain(why?.message ?? "");
    expect(dev.isOpen).toBe(false);
    expect(await failure(dev.write(Uint8Array.of(1)))).toMatchObject({ kind: "gone", message: `${p.devicePath} is closed` });
    await p.replug();
    const back = await open(p.devicePath);
    const peer = await open(p.peerPath);
    const atPeer = collect(peer);
    await back.write(Uint8Array.of(0x55));
    expect(await atPeer.until(1)).toEqual(Uint8Array.of(0x55));
  });

  test("closing by hand reports no error", async () => {
    const p = await pair();
    const dev = await open(p.devicePath);
    const ended = new Promise<SerialError | undefined>((r) => dev.onClose(r));
    await dev.close();
    expect(await ended).toBeUndefined();
  });

  test("bad paths get clear errors", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tapserve-notty-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "plain"), "x");
    expect((await failure(bunRuntime.openSerial(join(dir, "missing"), { baud: 115200 }))).kind).toBe("not-found");
    const notTty = await failure(bunRuntime.openSerial(join(dir, "plain"), { baud: 115200 }));
    expect(notTty.kind).toBe("not-a-tty");
    const p = await pair();
    expect((await failure(bunRuntime.openSerial(p.devicePath, { baud: 12345 as 9600 }))).kind).toBe("unsupported");
  });
});

/** Builds `source` (which imports the Node serial module as NODE_SERIAL) for Node; returns the bundle's path. */
function nodeBundle(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tapserve-node-serial-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const entry = join(dir, "main.ts");
  writeFileSync(entry, source.replace("NODE_SERIAL", JSON.stringify(join(ROOT, "src/runtime/node/serial.ts"))));
  const out = join(dir, "main.mjs");
  const built = spawnSync(join(ROOT, "node_modules/.bin/bun"), ["build", "--target=node", entry, "--outfile", out], { encoding: "utf8" });
  expect(built.status).toBe(0);
  return out;
}

describe("serial ports (Node, stty)", () => {
  test("the Node build notices an unplug: the port ends with 'gone' and the process is free to exit", async () => {
    const out = nodeBundle(`import { openNodeSerial } from NODE_SERIAL;
const port = await openNodeSerial(process.argv[2], { baud: 115200 });
port.onClose((err) => { process.stdout.write(err ? "error " + err.kind : "closed"); });
process.stdout.write("ready\\n");
`);
    const p = await pair();
    const { spawn } = await import("node:child_process");
    const child = spawn("node", [out, p.devicePath], { stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(() => child.kill());
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const exited = new Promise((r) => child.once("exit", r));
    const deadline = Date.now() + 10000;
    while (!stdout.includes("ready") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(stdout).toContain("ready");
    await p.unplug();
    expect(await exited).toBe(0);
    expect(stdout).toContain("error gone");
  });

  test("the Node build opens a pty raw and exchanges every byte value", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tapserve-node-serial-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const entry = join(dir, "echo.ts");
    writeFileSync(
      entry,
      `import { openNodeSerial } from ${JSON.stringify(join(ROOT, "src/runtime/node/serial.ts"))};
const port = await openNodeSerial(process.argv[2], { baud: 9600 });
let got = 0;
port.onData(async (chunk) => {
  got += chunk.length;
  await port.write(Uint8Array.from(chunk, (b) => 255 - b));
  if (got >= 256) { await port.close(); }
});
port.onClose((err) => { process.stdout.write(err ? "error " + err.kind : "closed"); });
process.stdout.write("ready\\n");
`,
    );
    const out = join(dir, "echo.mjs");
    const built = spawnSync(join(ROOT, "node_modules/.bin/bun"), ["build", "--target=node", entry, "--outfile", out], { encoding: "utf8" });
    expect(built.status).toBe(0);
    const p = await pair();
    const peer = await open(p.peerPath, 9600);
    const atPeer = collect(peer);
    const { spawn } = await import("node:child_process");
    const child = spawn("node", [out, p.devicePath], { stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(() => child.kill());
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const deadline = Date.now() + 10000;
    while (!stdout.includes("ready") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(stdout).toContain("ready");
    await peer.write(ALL_BYTES);
    expect(await atPeer.until(256)).toEqual(Uint8Array.from(ALL_BYTES, (b) => 255 - b));
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(0);
    expect(stdout).toContain("closed");
  });
});

describe("PN532 driver on the Node runtime (stty + libuv tty)", () => {
  test("the Node build opens the chip, reports a tap with its text and the removal", async () => {
    const out = nodeBundle(`import { pn532Driver } from ${JSON.stringify(join(ROOT, "src/readers/pn532/driver.ts"))};
import { hardwareRoots } from ${JSON.stringify(join(ROOT, "src/readers/serial/sysfs.ts"))};
import { openNodeSerial } from NODE_SERIAL;
const reader = pn532Driver({ openSerial: openNodeSerial, roots: hardwareRoots("/nonexistent") }).create(process.argv[2]);
const say = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
await reader.open({ token: (t) => say({ token: t }), removed: () => say({ removed: true }) });
say({ open: reader.connected() });
process.stdin.on("data", async () => { await reader.close(); say({ closed: true }); });
`);
    const p = await pair();
    const sim = new Pn532Sim();
    await sim.attach(p.peerPath);
    cleanups.push(() => sim.detach());
    const { spawn } = await import("node:child_process");
    const child = spawn("node", [out, p.devicePath], { stdio: ["pipe", "pipe", "inherit"] });
    cleanups.push(() => child.kill());
    const said: Array<Record<string, unknown>> = [];
    let buf = "";
    child.stdout.on("data", (d) => {
      buf += d;
      const lines = buf.split("\n");
      buf = lines.pop()!;
      for (const l of lines) if (l.startsWith("{")) said.push(JSON.parse(l));
    });
    const heard = (key: string) => waitFor(() => said.find((m) => key in m), `"${key}" from the Node build`);
    expect(await heard("open")).toEqual({ open: true });
    sim.place(Ntag215.withText("from node"));
    expect((await heard("token")).token).toMatchObject({ uid: "04a1b2c3d4e580", text: "from node" });
    sim.remove();
    await heard("removed");
    const exited = new Promise((r) => child.once("exit", r));
    child.stdin.end("close\n");
    await heard("closed");
    expect(await exited).toBe(0);
  });
});
