/**
 * Issue 26 (B6b): exec → first tag launched, the figure a user feels after power-on. A PN532 simulator (its
 * own process, bench/pn532-sim-child.ts) sits on the far end of a pty pair with an NTAG215 already in its field;
 * the compiled service is exec'd with that pty named as its reader and a custom launcher that creates a marker
 * file. The clock runs from exec to the marker's creation: start-up, the reader's probe and SAM set-up, the
 * tag's NDEF reads, the token pipeline and the launcher's spawn. A fresh pty pair and simulator per start, so
 * no chip state carries over. Baseline beside it: exec → first answered `version` of the same binary.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { startSerialPair } from "../test/fixtures/serial-pair.ts";
import { execToVersion, freePort, median, ROOT, stopChild, tempDir, whenCreated } from "./lib.ts";

const RUNS = Number(process.env.TAPSERVE_FIRST_TAG_RUNS || 7);

function configFor(marker: string, device: string): string {
  return [
    "[readers]",
    "auto_detect = false",
    "[[readers.connect]]",
    'driver = "pn532"',
    `path = "${device}"`,
    "[launchers]",
    "retroarch = false",
    "[[launchers.custom]]",
    'id = "Bench"',
    'extensions = [".bench"]',
    `command = ["/bin/sh", "-c", ": > '${marker}'", "{path}"]`,
    "",
  ].join("\n");
}

/** One start: a new pty pair and simulator with the tag present, then exec → marker. */
async function oneStart(binary: string, prefix: string[], dir: string, rom: string, timeoutMs: number): Promise<number> {
  const data = join(dir, "data");
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data);
  const marker = join(dir, "launched");
  rmSync(marker, { force: true });
  const pair = await startSerialPair();
  const sim = spawn(join(ROOT, "node_modules/.bin/bun"), [join(ROOT, "bench/pn532-sim-child.ts"), pair.peerPath, rom], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: sim.stdout! })[Symbol.asyncIterator]();
  const expect = async (prefix: string) => {
    const l = await lines.next();
    if (l.done || !String(l.value).startsWith(prefix)) throw new Error(`PN532 simulator: expected ${prefix}, got ${l.value}`);
  };
  try {
    await expect("ready");
    sim.stdin!.write("place\n");
    await expect("placed");
    writeFileSync(join(data, "config.toml"), configFor(marker, pair.devicePath));
    const port = await freePort();
    const launched = whenCreated(marker);
    const [cmd, ...pre] = [...prefix, binary];
    const t0 = performance.now();
    const svc = spawn(cmd!, [...pre, "--data-dir", data, "--port", String(port), "--host", "127.0.0.1"], { stdio: "ignore", env: { ...process.env, TAPSERVE_MDNS: "off" } });
    try {
      const exited = new Promise<never>((_, reject) => svc.once("exit", (code) => reject(new Error(`service exited with ${code} before launching`))));
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no launch")), timeoutMs).unref());
      return (await Promise.race([launched, exited, timeout])) - t0;
    } finally {
      await stopChild(svc);
    }
  } finally {
    sim.stdin!.write("quit\n");
    await new Promise((r) => (sim.exitCode !== null ? r(null) : sim.once("exit", r)));
    await pair.stop();
  }
}

/** Median exec → first tag launched (after one warm-up start) and, beside it, exec → `version` of the same binary. */
export async function firstTagFigures(binary: string, label: string, prefix: string[] = [], runs = RUNS, timeoutMs = 60_000): Promise<Record<string, number>> {
  const dir = tempDir("tapserve-bench-first-tag-");
  try {
    const rom = join(dir, "game.bench");
    writeFileSync(rom, "");
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const ms = await oneStart(binary, prefix, dir, rom, timeoutMs);
      if (i > 0) times.push(ms);
    }
    const data = join(dir, "data");
    const versions: number[] = [];
    for (let i = 0; i < runs; i++) {
      const port = await freePort();
      const [cmd, ...pre] = [...prefix, binary];
      const { ms } = await execToVersion(cmd!, [...pre, "--data-dir", data, "--port", String(port), "--host", "127.0.0.1"], port, { timeoutMs, pollMs: 1 }, () => undefined);
      versions.push(ms);
    }
    const tag = median(times);
    const version = median(versions);
    return {
      [`${label} exec → first tag launched, PN532 present, ms (median of ${runs})`]: tag,
      [`${label} exec → version, same binary (no reader), ms (median of ${runs})`]: version,
      [`${label} first tag launched minus first answer, ms`]: tag - version,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `make bench BENCH=firsttag`: the x64 binary compiled as shipped, natively. */
export async function run(): Promise<Record<string, number | string>> {
  const { compileAsShipped } = await import("../build/release/bytecode-order.ts");
  const { findTarget } = await import("../build/release/targets.ts");
  const out = tempDir("tapserve-bench-first-tag-bin-");
  try {
    const binary = join(out, "tapserve");
    await compileAsShipped({ bun: process.execPath, entry: join(ROOT, "src/main.ts"), outfile: binary, target: findTarget("linux-x64")!, targetExecutable: process.execPath }, `${binary}.order`);
    return { ...(await firstTagFigures(binary, "x64")), "B6b goal": "< 250 ms on x64" };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
