/**
 * Serial hot-plug latency (part of `make bench readers`). A PN532 simulator on a pty that a fake sysfs root
 * describes as a CH340 is plugged in and out through the service, real timers: plug (the sysfs entry and /dev
 * node appear, the test's stand-in for the kernel's uevent, which a fake root cannot get) → readers.added, and
 * unplug (the line hangs up, the node goes) → readers.removed. With hot-plug (a look at the tty list every
 * 250 ms, the fallback where no uevents come) against the baseline of the same service without it (the 1 s
 * reader passes only). Also: the kernel-uevent path alone, netlink send → the hot-plug callback, in a private
 * network namespace (the figure the stand-in's look interval replaces).
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { FakeHardware, type UsbSerialSpec } from "../test/fixtures/fake-sysfs.ts";
import { writeEmulator } from "../test/fixtures/launch-env.ts";
import { Pn532Sim } from "../test/fixtures/pn532-sim.ts";
import { readerServiceConfig } from "../test/fixtures/reader-service-config.ts";
import { startSerialPair } from "../test/fixtures/serial-pair.ts";
import { startService } from "../test/fixtures/service.ts";
import { median, percentile, ROOT, tempDir } from "./lib.ts";

const ROUNDS = 8;
const PN532: UsbSerialSpec = { name: "ttyUSB0", vid: "1A86", pid: "7523", product: "USB Serial", topology: "1-2.3.1" };

async function cycle(hotplug: boolean): Promise<{ add: number[]; remove: number[] }> {
  const root = tempDir("tapserve-bench-hotplug-");
  const hw = new FakeHardware(join(root, "hw"));
  const line = await startSerialPair("pn532");
  const sim = new Pn532Sim();
  await sim.attach(line.peerPath);
  const emu = writeEmulator(join(root, "emu"));
  const svc = await startService({
    platformRoot: hw.root,
    configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "E", script: emu.script, extensions: [".md"] } }),
    app: { readerHotplug: hotplug ? {} : false },
  });
  const client = await svc.connect();
  const count = (m: string) => client.notifications.filter((n) => n.method === m).length;
  const until = async (m: string, n: number) => {
    const deadline = performance.now() + 20_000;
    while (count(m) < n) {
      if (performance.now() > deadline) throw new Error(`no ${m}`);
      await Bun.sleep(1);
    }
    return performance.now();
  };
  const add: number[] = [];
  const remove: number[] = [];
  try {
    for (let i = 1; i <= ROUNDS; i++) {
      await Bun.sleep(137 * i % 400); // plug at varying points of the look/pass intervals
      let t0 = performance.now();
      hw.plug(PN532, line.devicePath);
      add.push((await until("readers.added", i)) - t0);
      await Bun.sleep(137 * i % 400);
      t0 = performance.now();
      hw.unplug(PN532.name);
      await sim.detach();
      await line.unplug();
      remove.push((await until("readers.removed", i)) - t0);
      await line.replug();
      await sim.attach(line.peerPath);
    }
  } finally {
    await svc.stop();
    await sim.detach();
    await line.stop();
    rmSync(root, { recursive: true, force: true });
  }
  return { add, remove };
}

function ueventDelivery(): number[] | string {
  const child = spawnSync("unshare", ["-rn", process.execPath, join(ROOT, "test/fixtures/uevent-child.ts"), "--rounds", "40"], { encoding: "utf8", timeout: 30_000 });
  if (child.status !== 0) return `not measured (unshare: ${child.stderr.trim().split("\n").at(-1) ?? child.status})`;
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!).delays;
}

export async function hotplugFigures(): Promise<Record<string, number | string>> {
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  const hot = await cycle(true);
  const base = await cycle(false);
  const delivery = ueventDelivery();
  return {
    "hot-plug rounds": ROUNDS,
    "plug → readers.added, hot-plug (250 ms look), median ms": median(hot.add),
    "plug → readers.added, hot-plug, p90 ms": percentile(sorted(hot.add), 90),
    "plug → readers.added, baseline (1 s passes), median ms": median(base.add),
    "plug → readers.added, baseline, p90 ms": percentile(sorted(base.add), 90),
    "ratio added hot-plug / baseline": median(hot.add) / median(base.add),
    "unplug → readers.removed, hot-plug, median ms": median(hot.remove),
    "unplug → readers.removed, baseline, median ms": median(base.remove),
    "kernel uevent send → hot-plug callback, median ms": typeof delivery === "string" ? delivery : median(delivery),
  };
}
