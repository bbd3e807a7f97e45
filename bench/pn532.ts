/**
 * Simulated PN532 (a separate process on the far end of a pty pair) with an NTAG215 whose text is a ROM path →
 * launcher process running. The clock starts when the simulated chip answers the InListPassiveTarget the
 * driver left waiting (the moment a real chip would, after its RF time, which the simulator does not have) and
 * stops when the launcher's shell has started. Includes the NDEF reads (several serial round trips), the token
 * pipeline and the spawn. Baseline: the same launch through the `launch` method. Also: the service's CPU with
 * the PN532 reader open and no tag on it (the chip waits for a tag itself; the driver re-arms every 5 s),
 * against the same service once the reader is closed.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { RpcClient } from "../test/fixtures/rpc-client.ts";
import { startSerialPair } from "../test/fixtures/serial-pair.ts";
import { startService, type TestService } from "../test/fixtures/service.ts";
import { median, percentile, ROOT, tempDir, whenCreated } from "./lib.ts";

const ROUNDS = 30;
const IDLE_MS = 10_000;
const wallNow = () => performance.timeOrigin + performance.now();

function configFor(marker: string, device: string | null): string {
  return [
    "[readers]",
    "auto_detect = false",
    ...(device ? ["[[readers.connect]]", 'driver = "pn532"', `path = "${device}"`] : []),
    "[launchers]",
    "retroarch = false",
    "[[launchers.custom]]",
    'id = "Bench"',
    'extensions = [".bench"]',
    `command = ["/bin/sh", "-c", ": > '${marker}'; exec sleep 600", "{path}"]`,
    "",
  ].join("\n");
}

async function next(client: RpcClient, method: string, from = client.notifications.length): Promise<void> {
  while (!client.notifications.slice(from).some((n) => n.method === method)) await Bun.sleep(1);
}

/** CPU time of this process per wall-clock second, as % of one core. */
async function idleCpuPercent(ms: number): Promise<number> {
  await Bun.sleep(2000); // let the launches' aftermath (reaping, GC, database writes) settle first
  const before = process.cpuUsage();
  const t0 = performance.now();
  await Bun.sleep(ms);
  const d = process.cpuUsage(before);
  return ((d.user + d.system) / 1000 / (performance.now() - t0)) * 100;
}

export async function run(): Promise<Record<string, number | string>> {
  const dir = tempDir("tapserve-bench-pn532-");
  const marker = join(dir, "spawned");
  const rom = join(dir, "game.bench");
  await Bun.write(rom, "");
  const pair = await startSerialPair();
  const child = spawn(join(ROOT, "node_modules/.bin/bun"), [join(ROOT, "bench/pn532-sim-child.ts"), pair.peerPath, rom], { stdio: ["pipe", "pipe", "inherit"] });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on("line", (l) => lines.push(l));
  const reply = async (prefix: string) => {
    while (true) {
      const i = lines.findIndex((l) => l.startsWith(prefix));
      if (i >= 0) return lines.splice(i, 1)[0]!;
      if (child.exitCode !== null) throw new Error("the PN532 simulator exited");
      await Bun.sleep(1);
    }
  };
  const tell = (cmd: string) => child.stdin!.write(`${cmd}\n`);
  let svc: TestService | null = null;
  try {
    await reply("ready");
    // Baseline: no readers. `launch` → spawn, and idle CPU.
    svc = await startService({ configToml: configFor(marker, null) });
    let client = await svc.connect();
    const baseline: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rmSync(marker, { force: true });
      const spawned = whenCreated(marker, wallNow);
      const t0 = wallNow();
      await client.call("launch", rom);
      baseline.push((await spawned) - t0);
      await client.call("stop");
    }
    await svc.stop();

    svc = await startService({ configToml: configFor(marker, pair.devicePath) });
    client = await svc.connect();
    while (!(await client.call<{ readers: unknown[] }>("readers")).readers.length) await Bun.sleep(20);
    const toSpawn: number[] = [];
    const toToken: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rmSync(marker, { force: true });
      await Bun.sleep(50); // the driver is back to waiting on the chip
      const spawned = whenCreated(marker, wallNow);
      const from = client.notifications.length;
      tell("place");
      const placedAt = Number((await reply("placed ")).slice(7));
      await next(client, "tokens.added", from);
      const tToken = wallNow();
      toSpawn.push((await spawned) - placedAt);
      toToken.push(tToken - placedAt);
      await client.call("stop");
      const removedFrom = client.notifications.length;
      tell("remove");
      await next(client, "tokens.removed", removedFrom);
    }
    const idleReader = await idleCpuPercent(IDLE_MS);
    // The same service with the reader closed (settings no longer name it): the idle baseline.
    const closing = client.notifications.length;
    await client.call("settings.update", { readers: [] });
    await next(client, "readers.removed", closing);
    const idleBase = await idleCpuPercent(IDLE_MS);
    const sorted = [...toSpawn].sort((a, b) => a - b);
    if (process.env.BENCH_VERBOSE) process.stderr.write(`pn532 tag → spawn, sorted ms: ${sorted.map((x) => x.toFixed(1)).join(" ")}\n`);
    const b = median(baseline);
    return {
      rounds: ROUNDS,
      "tag in field → spawn, median ms (goal < 30)": median(toSpawn),
      "tag in field → spawn, p95 ms": percentile(sorted, 95),
      "tag in field → tokens.added seen by a client, median ms": median(toToken),
      "baseline: launch RPC → spawn, median ms": b,
      "idle CPU, PN532 open, no tag, % of one core (goal < 1)": idleReader,
      "idle CPU, same service with the reader closed, % of one core": idleBase,
      "idle CPU due to the PN532 driver, % of one core": idleReader - idleBase,
    };
  } finally {
    await svc?.stop();
    tell("quit");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    await pair.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
