/**
 * The bytecode order of a compiled binary: which functions run when, recorded by one run of a first build
 * (Bun writes it to BUN_BYTECODE_ORDER_OUT as the process exits) and handed to the real build
 * (`--bytecode-order`), which lays the bytecode of those functions out first, in that order. What a device runs
 * at start and while serving then sits on a few contiguous pages of the executable instead of being spread over
 * all of them, and each page read from the binary brings in less that is never used: idle RSS and start time
 * drop (B5, B6). A function missing from the order (changed since, or never run here) is laid out after, as
 * without one. The order names functions by hashes of their code, so one recorded on this machine's build
 * serves every target.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CompileOptions, compileBinary } from "./compile.ts";
import { freePort } from "./free-port.ts";
import { type DistTarget, findTarget } from "./targets.ts";

/** How a recording run is driven: the binary's arguments for a port, and what to do once it answers. */
export interface OrderTraining {
  args(port: number): string[];
  /** Resolves once the binary answers on `port`. */
  ready(port: number): Promise<boolean>;
  /** What a device does in its first minutes, against the running binary. */
  exercise(port: number): Promise<void>;
  /**
   * Start it once before the recorded run, as a device's every start but its first follows another (files a
   * first start writes, such as the checked config, are there): the order is that of an ordinary start.
   */
  startsBefore?: boolean;
}

const READY_WITHIN_MS = 30_000;

/**
 * Runs `binary` as `training` says (once before, unrecorded, with `training.startsBefore`), stops it with SIGTERM,
 * and returns the order file the recorded run wrote.
 */
export async function recordBytecodeOrder(binary: string, workDir: string, training: OrderTraining, env: Record<string, string> = {}): Promise<string> {
  mkdirSync(workDir, { recursive: true });
  const order = join(workDir, "bytecode-order.txt");
  if (training.startsBefore) await runOnce(binary, workDir, training, env, async () => {});
  const stderr = await runOnce(binary, workDir, training, { ...env, BUN_BYTECODE_ORDER_OUT: order }, (port) => training.exercise(port));
  if (!existsSync(order)) throw new Error(`${binary} wrote no bytecode order (BUN_BYTECODE_ORDER_OUT):\n${stderr}`);
  return order;
}

/** Starts `binary` as `training` says, runs `work` once it answers, then stops it with SIGTERM; returns its stderr. */
async function runOnce(binary: string, workDir: string, training: OrderTraining, env: Record<string, string>, work: (port: number) => Promise<void>): Promise<string> {
  const port = await freePort();
  const child = spawn(binary, training.args(port), {
    cwd: workDir,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, TAPSERVE_MDNS: "off", ...env },
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  try {
    const deadline = Date.now() + READY_WITHIN_MS;
    while (!(await training.ready(port).catch(() => false))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${binary} did not start for its bytecode order run:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await work(port);
  } finally {
    child.kill("SIGTERM");
  }
  await exited;
  return stderr;
}

const rpc = async (port: number, method: string, params?: unknown) => {
  const res = await fetch(`http://127.0.0.1:${port}/api`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return res.text();
};

/** Over a WebSocket, as the phone app talks: each method once, in turn. */
async function overWebSocket(port: number, methods: ReadonlyArray<[string, unknown?]>): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error("the bytecode order run's WebSocket did not open"));
  });
  for (const [i, [method, params]] of methods.entries()) {
    await new Promise<void>((resolve) => {
      ws.onmessage = () => resolve();
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: i + 1, method, params }));
    });
  }
  ws.close();
}

/**
 * The service's first minutes on a device: started on a fresh data dir (readers not auto-detected, so a build
 * machine's own serial devices are left alone; no mDNS), then the app's first calls over a WebSocket and a
 * script's over HTTP, and the background start-up given time to finish.
 */
export function serviceTraining(dataDir: string): OrderTraining {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, "config.toml"), "[readers]\nauto_detect = false\n");
  return {
    startsBefore: true,
    args: (port) => ["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"],
    ready: async (port) => (await fetch(`http://127.0.0.1:${port}/health`)).ok,
    async exercise(port) {
      await overWebSocket(port, [["version"], ["settings"], ["readers"], ["media"], ["systems"], ["media.search", { query: "mario" }], ["media.active"], ["tokens"]]);
      await rpc(port, "version");
      await fetch(`http://127.0.0.1:${port}/l/**echo:ready`);
      await new Promise((r) => setTimeout(r, 1500));
    },
  };
}

/** A bare server of bench/ (started as `<port>`, stopping on SIGTERM): a page and one `version` over a WebSocket. */
export const bareServerTraining: OrderTraining = {
  args: (port) => [String(port)],
  ready: async (port) => (await fetch(`http://127.0.0.1:${port}/`)).ok,
  async exercise(port) {
    await overWebSocket(port, [["version"]]);
    await new Promise((r) => setTimeout(r, 500));
  },
};

/**
 * A binary as `make dist` ships it: the service (src/main.ts) or a bare server of bench/ compiled with the
 * bytecode order its own first build records (`workDir` holds that run's files).
 */
export function compileAsShipped(o: CompileOptions, workDir: string): Promise<void> {
  return compileOrdered(o, o.entry.endsWith(join("src", "main.ts")) ? serviceTraining(join(workDir, "order-data")) : bareServerTraining, workDir);
}

/** The Bun build target of this machine, whose binaries a recording run can execute. */
export function hostTarget(): DistTarget {
  const target = findTarget(process.arch === "arm64" ? "linux-arm64" : "linux-x64");
  if (!target) throw new Error(`no build target for this machine (${process.arch})`);
  return target;
}

/**
 * Builds `entry` for this machine, runs it once as `training` says and returns the order it recorded, for the
 * real build(s) of the same entry (`compileBinary({ bytecodeOrder })`, any target).
 */
export async function recordOrderOf(o: Pick<CompileOptions, "bun" | "entry" | "defines">, training: OrderTraining, workDir: string): Promise<string> {
  mkdirSync(workDir, { recursive: true });
  const binary = join(workDir, "order-run");
  await compileBinary({ ...o, outfile: binary, target: hostTarget(), targetExecutable: o.bun });
  try {
    return await recordBytecodeOrder(binary, workDir, training);
  } finally {
    rmSync(binary, { force: true });
  }
}

/** compileBinary with the order a first build of the same entry records under `training` (in `workDir`). */
export async function compileOrdered(o: CompileOptions, training: OrderTraining, workDir: string): Promise<void> {
  const bytecodeOrder = await recordOrderOf(o, training, workDir);
  await compileBinary({ ...o, bytecodeOrder });
}
