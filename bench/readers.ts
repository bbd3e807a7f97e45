/**
 * Virtual NFC tag on a PC/SC reader → launcher process running. A private pcscd with the vpcd virtual reader,
 * the service in-process, a virtual NTAG215 mapped to a custom launcher whose command is a shell that touches a
 * file and sleeps. pcscd looks at vpcd for cards only every ~400 ms, so the end-to-end figure carries 0–400 ms
 * of pcscd polling; the driver's figure starts when pcscd has seen the card (it asks the card for its ATR).
 * Baseline: the same launch through the `launch` method (no reader). Also: idle CPU with the reader open, and
 * serial hot-plug latency against the plain reader passes (readers-hotplug.ts).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { TestPcscd, usePrivatePcscd } from "../test/fixtures/pcscd.ts";
import type { RpcClient } from "../test/fixtures/rpc-client.ts";
import { startService, type TestService } from "../test/fixtures/service.ts";
import { VirtualNtag } from "../test/fixtures/virtual-ntag.ts";
import { median, percentile, tempDir, whenCreated } from "./lib.ts";
import { hotplugFigures } from "./readers-hotplug.ts";

const ROUNDS = 15;

function configFor(dir: string, marker: string, readers: boolean): string {
  return [
    "[readers]",
    `auto_detect = ${readers}`,
    "[launchers]",
    "retroarch = false",
    "[[launchers.custom]]",
    'id = "Bench"',
    'extensions = [".bench"]',
    `command = ["/bin/sh", "-c", ": > '${marker}'; exec sleep 600", "{path}"]`,
    "",
  ].join("\n");
}

async function next(client: RpcClient, method: string): Promise<number> {
  const from = client.notifications.length;
  while (!client.notifications.slice(from).some((n) => n.method === method)) await Bun.sleep(1);
  return performance.now();
}

async function idleCpu(ms: number): Promise<number> {
  const before = process.cpuUsage();
  await Bun.sleep(ms);
  const d = process.cpuUsage(before);
  return (d.user + d.system) / 1000 / (ms / 1000); // CPU ms per second
}

export async function run(): Promise<Record<string, number | string>> {
  const hotplug = await hotplugFigures(); // serial hot-plug first: it needs no pcscd
  usePrivatePcscd();
  const pcscd = new TestPcscd();
  await pcscd.start();
  const dir = tempDir("tapserve-bench-readers-");
  const marker = join(dir, "spawned");
  const rom = join(dir, "game.bench");
  await Bun.write(rom, "");
  let svc: TestService | null = null;
  try {
    // Baseline service without readers: `launch` → spawn, and idle CPU.
    svc = await startService({ configToml: configFor(dir, marker, false) });
    let client = await svc.connect();
    const baseline: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rmSync(marker, { force: true });
      const spawned = whenCreated(marker);
      const t0 = performance.now();
      await client.call("launch", rom);
      baseline.push((await spawned) - t0);
      await client.call("stop");
    }
    const idleBase = await idleCpu(5000);
    await svc.stop();

    svc = await startService({ configToml: configFor(dir, marker, true) });
    client = await svc.connect();
    while (!(await client.call<{ readers: unknown[] }>("readers")).readers.length) await Bun.sleep(20);
    const uid = Uint8Array.of(0x04, 0xbe, 0x4c, 0x40, 0x00, 0x00, 0x01);
    await client.call("mappings.new", { enabled: true, type: "uid", match: "exact", pattern: Buffer.from(uid).toString("hex"), override: rom });
    const card = new VirtualNtag(uid).setText("bench");
    const endToEnd: number[] = [];
    const fromDetect: number[] = [];
    const toToken: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      rmSync(marker, { force: true });
      let detected = 0;
      card.onControl = (code) => {
        if (code === 0x04 && !detected) detected = performance.now();
      };
      const spawned = whenCreated(marker);
      const added = next(client, "tokens.added");
      const t0 = performance.now();
      await card.insert(pcscd.port);
      const tSpawn = await spawned;
      const tToken = await added;
      endToEnd.push(tSpawn - t0);
      fromDetect.push(tSpawn - detected);
      toToken.push(tToken - detected);
      await client.call("stop");
      const removed = next(client, "tokens.removed");
      await card.remove();
      await removed;
    }
    const idleReaders = await idleCpu(5000);
    const m = median(fromDetect);
    const b = median(baseline);
    return {
      "rounds": ROUNDS,
      "insert → spawn, median ms (incl. pcscd poll)": median(endToEnd),
      "pcscd sees card → spawn, median ms (goal < 50)": m,
      "pcscd sees card → spawn, p90 ms": percentile([...fromDetect].sort((x, y) => x - y), 90),
      "pcscd sees card → tokens.added, median ms": median(toToken),
      "baseline: launch RPC → spawn, median ms": b,
      "ratio reader path / launch RPC": m / b,
      "idle CPU with PC/SC reader open, ms/s": idleReaders,
      "idle CPU without readers (baseline), ms/s": idleBase,
      ...hotplug,
    };
  } finally {
    await svc?.stop();
    await pcscd.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
