/**
 * The same end-to-end checks against both runtimes: the service from source on Bun, and the Node bundle (what
 * MiSTer runs) on the official Node 24 for x64. Each is a real child process with a real data dir, a real
 * launcher process, a real token file, a PN532 simulator on a serial line (socat pty pair) and real SQLite.
 * Serial ports are also driven through each runtime's seam directly; on Node, PC/SC has no binding and must say
 * so once. The PN532 test runs before the kill -9: on Bun the port's TIOCEXCL outlives a killed service while
 * socat holds the pty, so the restarted service would find it "held by another program".
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { isAlive, waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { BUN, type ChildService } from "../fixtures/process.ts";
import { NODE_X64_VERSION, nodeX64, RUNTIME_SETUP_TIMEOUT_MS, RUNTIMES, type RuntimeService, scriptOnRuntime, startOnRuntime } from "../fixtures/runtimes.ts";
import { Pn532Sim } from "../fixtures/pn532-sim.ts";
import { Ntag215 } from "../fixtures/pn532-tags.ts";
import { type SerialPair, startSerialPair } from "../fixtures/serial-pair.ts";
import { tempDir } from "../fixtures/service.ts";

for (const runtime of RUNTIMES) {
  describe(`end to end on ${runtime === "bun" ? "Bun (source)" : `Node ${NODE_X64_VERSION} (bundle)`}`, () => {
    let root: string;
    let svc: RuntimeService;
    let client: RpcClient;
    let emu: { script: string; record: string };
    let tokenFile: string;
    let pair: SerialPair;
    let pn532: Pn532Sim;

    /** Runs `trigger`, then waits for the fake emulator to record its launch; returns [pid, path]. */
    async function launched(trigger: () => unknown): Promise<[number, string]> {
      if (existsSync(emu.record)) unlinkSync(emu.record);
      await trigger();
      const lines = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record", 20_000);
      return [Number(lines[0]), lines[1] as string];
    }

    beforeAll(async () => {
      root = tempDir(`tapserve-e2e-${runtime}-`);
      writeFiles(root, ["roms/SNES/Super Mario World (USA).sfc", "roms/Genesis/Sonic the Hedgehog (World).md", "roms/NES/Zelda.nes"]);
      emu = writeEmulator(join(root, "emu"));
      tokenFile = join(root, "data", "tokens", "token.txt"); // file readers read only inside <data>/tokens
      // A PN532 board on a serial line: the simulator answers on the far end of a pty pair.
      pair = await startSerialPair();
      pn532 = new Pn532Sim();
      await pn532.attach(pair.peerPath);
      const dataDir = join(root, "data");
      mkdirSync(join(dataDir, "tokens"), { recursive: true });
      writeFileSync(
        join(dataDir, "config.toml"),
        [
          "console_logging = false",
          "[service]",
          "mdns = false",
          "[readers]",
          "auto_detect = false",
          "[[readers.connect]]",
          'driver = "file"',
          `path = "${tokenFile}"`,
          "[[readers.connect]]",
          'driver = "pn532_uart"',
          `path = "${pair.devicePath}"`,
          "[launchers]",
          `index_root = ["${root}/roms"]`,
          "retroarch = false",
          "[[launchers.custom]]",
          'id = "E2EEmu"',
          'extensions = [".sfc", ".md"]',
          `command = ["${emu.script}", "{path}"]`,
          "",
        ].join("\n"),
      );
      svc = await startOnRuntime(runtime, dataDir);
      client = await svc.connect();
    }, RUNTIME_SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await client?.call("stop").catch(() => {});
      if (svc) expect(await svc.stop()).toEqual({ code: 0, signal: null });
      await pn532?.detach();
      await pair?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    test("transport: version over WebSocket and over HTTP POST /api", async () => {
      expect(await client.call("version")).toEqual({ version: pkg.version, platform: "linux" });
      const r = await fetch(`${svc.http}/api`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "version" }),
      });
      expect(await r.json()).toEqual({ jsonrpc: "2.0", id: 7, result: { version: pkg.version, platform: "linux" } });
      // The process serving is the runtime's own executable (Bun running the source; the pinned Node running the bundle).
      expect(realpathSync(`/proc/${svc.child.proc.pid}/exe`)).toBe(realpathSync(runtime === "bun" ? BUN : nodeX64()));
      const bad = await client.request("media.search", { query: 5 });
      expect(bad.error?.code).toBe(-32602);
    });

    test("media index and search", async () => {
      expect(await client.call("media.index", {})).toBeNull();
      const found = await client.call<{ total: number; results: unknown[] }>("media.search", { query: "sonic" });
      expect(found.total).toBe(1);
      expect(found.results[0]).toMatchObject({ name: "Sonic the Hedgehog (World)", system: { id: "Genesis" } });
    });

    test("launch starts a real launcher process and records the history", async () => {
      const [pid, path] = await launched(() => client.call("launch", { text: "Genesis/Sonic the Hedgehog (World).md" }));
      expect(path).toBe(join(root, "roms/Genesis/Sonic the Hedgehog (World).md"));
      expect(isAlive(pid)).toBe(true);
      await client.waitForNotification("media.started");
      const history = await waitFor(async () => {
        const h = await client.call<{ entries: Array<Record<string, unknown>> }>("tokens.history");
        return h.entries.length > 0 && h.entries;
      }, "a history entry");
      expect(history[0]).toMatchObject({ text: "Genesis/Sonic the Hedgehog (World).md", success: true });
      await client.call("stop");
      await waitFor(() => !isAlive(pid), "the launcher to be stopped");
    });

    test("a serial reader: a tag placed on the PN532 launches its text, and the reader reports the removal", async () => {
      await waitFor(async () => {
        const { readers } = await client.call<{ readers: Array<{ driver: string; connected: boolean }> }>("readers");
        return readers.some((r) => r.driver === "pn532" && r.connected);
      }, "the PN532 reader to be open");
      const [pid, path] = await launched(() => pn532.place(Ntag215.withText("Genesis/Sonic the Hedgehog (World).md")));
      expect(path).toBe(join(root, "roms/Genesis/Sonic the Hedgehog (World).md"));
      const active = async () => (await client.call<{ active: Array<{ uid: string; text: string }> }>("tokens")).active;
      expect(await active()).toEqual([expect.objectContaining({ uid: "04a1b2c3d4e580", text: "Genesis/Sonic the Hedgehog (World).md" })]);
      pn532.remove();
      await waitFor(async () => (await active()).length === 0, "the removal to be reported");
      await client.call("stop");
      await waitFor(() => !isAlive(pid), "the launcher to be stopped");
    }, 30_000);

    test("a mapping rewrites a token, and it and the history survive kill -9", async () => {
      await client.call("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: "04:aa:bb:cc", override: "SNES/Super Mario World (USA).sfc" });
      const [, path] = await launched(() => client.call("launch", { uid: "04:aa:bb:cc" }));
      expect(path).toBe(join(root, "roms/SNES/Super Mario World (USA).sfc"));
      await client.call("stop");

      await svc.crashAndRestart();
      client = await svc.connect();
      const { mappings } = await client.call<{ mappings: Array<Record<string, unknown>> }>("mappings");
      expect(mappings).toEqual([expect.objectContaining({ pattern: "04:aa:bb:cc", override: "SNES/Super Mario World (USA).sfc" })]);
      const { entries } = await client.call<{ entries: unknown[] }>("tokens.history");
      expect(entries.length).toBeGreaterThanOrEqual(2);
    }, 30_000);

    test("the file reader: writing the token file launches", async () => {
      const [pid, path] = await launched(() => writeFileSync(tokenFile, "SNES/Super Mario World (USA).sfc\n"));
      expect(path).toBe(join(root, "roms/SNES/Super Mario World (USA).sfc"));
      expect(isAlive(pid)).toBe(true);
      unlinkSync(tokenFile);
      await client.call("stop");
      await waitFor(() => !isAlive(pid), "the launcher to be stopped");
    }, 30_000);
  });
}

/** Every byte value, so a port that maps CR/LF or eats XON/XOFF would show. */
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

for (const runtime of RUNTIMES) {
  describe(`serial port through the runtime seam on ${runtime}`, () => {
    test("a program on this runtime opens a pty raw through runtime.openSerial and exchanges every byte value", async () => {
      const dir = tempDir(`tapserve-e2e-serial-${runtime}-`);
      const pair = await startSerialPair();
      let child: ChildService | null = null;
      try {
        // The device end answers each byte b with 255 - b and closes after 256 bytes.
        child = scriptOnRuntime(
          runtime,
          dir,
          `const port = await runtime.openSerial(process.argv[2], { baud: 115200 });
let got = 0;
port.onData(async (chunk) => {
  got += chunk.length;
  await port.write(Uint8Array.from(chunk, (b) => 255 - b));
  if (got >= 256) await port.close();
});
port.onClose((err) => process.stdout.write(err ? "error " + err.kind + "\\n" : "closed\\n"));
process.stdout.write("ready\\n");`,
          [pair.devicePath],
        );
        const proc = child;
        await waitFor(() => proc.output().includes("ready") || proc.proc.exitCode !== null, "the program to open the port");
        expect(child.output()).toContain("ready");
        const peer = await bunRuntime.openSerial(pair.peerPath, { baud: 115200 });
        const received: number[] = [];
        peer.onData((chunk) => received.push(...chunk));
        await peer.write(ALL_BYTES);
        await waitFor(() => received.length >= 256, "256 bytes back");
        await peer.close();
        expect(Uint8Array.from(received)).toEqual(Uint8Array.from(ALL_BYTES, (b) => 255 - b));
        expect(await child.exited).toEqual({ code: 0, signal: null });
        expect(child.output()).toContain("closed");
      } finally {
        if (child && child.proc.exitCode === null) child.proc.kill("SIGKILL");
        await pair.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }, RUNTIME_SETUP_TIMEOUT_MS);
  });
}

describe(`PC/SC on Node ${NODE_X64_VERSION}`, () => {
  test("disables itself with one clear log line; the service and its other readers keep working", async () => {
    const root = tempDir("tapserve-e2e-pcsc-node-");
    const dataDir = join(root, "data");
    const tokenFile = join(dataDir, "tokens", "token.txt"); // file readers read only inside <data>/tokens
    mkdirSync(join(dataDir, "tokens"), { recursive: true });
    // File readers in folders made later: each opens on the first reader pass after its folder appears.
    const later = [1, 2, 3].map((n) => join(dataDir, "tokens", `later-${n}`));
    const fileReader = (path: string) => ["[[readers.connect]]", 'driver = "file"', `path = "${path}"`];
    // Reader auto-detection on (the default), so the PC/SC driver is asked for readers on every pass.
    writeFileSync(
      join(dataDir, "config.toml"),
      ["console_logging = false", "[service]", "mdns = false", ...[tokenFile, ...later.map((d) => join(d, "token.txt"))].flatMap(fileReader), ""].join("\n"),
    );
    writeFileSync(tokenFile, "");
    const svc = await startOnRuntime("node", dataDir);
    try {
      const client = await svc.connect();
      // The log line is what this test is about: the one place a user learns why PC/SC readers are not used.
      const log = () => readFileSync(join(dataDir, "service.log"), "utf8");
      const line = "PC/SC readers disabled: the node runtime has no PC/SC binding";
      await waitFor(() => log().includes(line), "the PC/SC log line");
      // Several complete reader passes since: each later reader opens on the first pass after its folder exists.
      for (const dir of later) {
        mkdirSync(dir);
        await waitFor(async () => (await client.call<{ readers: Array<{ id: string }> }>("readers")).readers.some((r) => r.id === join(dir, "token.txt")), `a pass that opens ${dir}`);
      }
      expect(log().split("\n").filter((l) => l.includes("PC/SC"))).toEqual([expect.stringContaining(line)]);
      const { readers } = await client.call<{ readers: Array<{ driver: string }> }>("readers");
      expect(readers.map((r) => r.driver)).toEqual(["file", "file", "file", "file"]);
      expect(await client.call("version")).toMatchObject({ platform: "linux" });
    } finally {
      expect(await svc.stop()).toEqual({ code: 0, signal: null });
      rmSync(root, { recursive: true, force: true });
    }
  }, RUNTIME_SETUP_TIMEOUT_MS);
});
