/**
 * Launch latency: median time from a token entering the pipeline (`sink.submit`) to the launcher's process
 * being spawned (`media.started`, published on the child's spawn event). The path goes through mappings
 * lookup, the `launching` notification, the queue, the parser, path resolution, launcher choice and spawn.
 * Baseline: a bare `child_process.spawn` of the same program in the same run. Goal < 10 ms (the reference
 * targets 100 ms from scan to launcher).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { rfc3339 } from "../src/core/token.ts";
import { makeCore, makeLaunch } from "../test/fixtures/launch-core.ts";
import { writeFiles } from "../test/fixtures/launch-env.ts";
import { median, percentile, tempDir } from "./lib.ts";

const RUNS = 200;
const WARMUP = 20;

async function bareSpawn(): Promise<number> {
  const t0 = performance.now();
  const child = spawn("/bin/sleep", ["30"], { detached: true, stdio: "ignore" });
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", reject);
  });
  const dt = performance.now() - t0;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid!, "SIGKILL");
  await exited;
  return dt;
}

export async function run(): Promise<Record<string, number | string>> {
  const roms = tempDir();
  writeFiles(roms, ["SNES/Some Game (USA).sfc"]);
  const env = makeCore({
    configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n[[launchers.custom]]\nid = "Sleep"\nextensions = [".sfc"]\ncommand = ["/bin/sleep", "30", "{path}"]\n`,
  });
  // a few mappings that do not match, so the lookup is part of the path
  for (let i = 0; i < 20; i++) {
    env.core.userDb
      .prepare("INSERT INTO mappings (added, label, enabled, type, match, pattern, override) VALUES (?, '', 1, ?, ?, ?, 'x')")
      .run(rfc3339(), i % 2 ? "uid" : "text", i % 3 ? "exact" : "regex", `pattern-${i}`);
  }
  const mod = makeLaunch(env, { platform: { graceMs: 1000 } }).launch;
  const pipeline: number[] = [];
  const baseline: number[] = [];
  try {
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const started = new Promise<number>((resolve) => {
        const off = env.core.events.subscribe((method) => {
          if (method === "media.started") {
            off();
            resolve(performance.now());
          }
        });
      });
      const t0 = performance.now();
      mod.sink.submit({ type: "bench", uid: "04aabbcc", text: "SNES/Some Game (USA).sfc", data: "", scanTime: rfc3339(), source: "api" });
      const t1 = await started;
      await mod.stopActive();
      const b = await bareSpawn();
      if (i >= WARMUP) {
        pipeline.push(t1 - t0);
        baseline.push(b);
      }
    }
  } finally {
    await mod.stop();
    env.close();
  }
  const pm = median(pipeline);
  const bm = median(baseline);
  const sorted = [...pipeline].sort((a, b) => a - b);
  return {
    "runs": RUNS,
    "token → process spawned, median (ms)": pm,
    "token → process spawned, p95 (ms)": percentile(sorted, 95),
    "baseline: bare spawn, median (ms)": bm,
    "ratio (pipeline / bare spawn)": pm / bm,
    "pipeline overhead, median (ms)": pm - bm,
    "goal": pm < 10 ? "met (< 10 ms)" : "MISSED (>= 10 ms)",
  };
}

if (import.meta.main) console.table(await run());
