import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../test/fixtures/process.ts";

export const ROOT = join(import.meta.dir, "..");
export { freePort };

export function tempDir(prefix = "tapserve-bench-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Starts a child process and resolves once `ready` is true for it (polling `probe`). */
export async function startChild(cmd: string, args: string[], probe: () => Promise<boolean>, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "ignore"], env: { ...process.env, TAPSERVE_MDNS: "off", ...env } });
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited early`);
    if (await probe().catch(() => false)) return child;
    await Bun.sleep(30);
  }
  child.kill();
  throw new Error(`${cmd} not ready`);
}

export async function httpOk(url: string): Promise<boolean> {
  const r = await fetch(url);
  return r.ok;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await done;
}

/**
 * True once a WebSocket `version` request on the port gets an answer; false when nothing listens yet (or the
 * upgrade is refused). The client is a browser page of the device itself (Origin: the device), the way the
 * device's web app connects: only the full service answers it (issue 41), not a stand-in for early clients.
 */
function answersVersion(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const browser = { headers: { origin: `http://127.0.0.1:${port}` } } as unknown as string[]; // Bun's client takes headers
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, browser);
    ws.onopen = () => ws.send('{"jsonrpc":"2.0","id":1,"method":"version"}');
    ws.onmessage = () => {
      resolve(true);
      ws.close();
    };
    ws.onerror = () => resolve(false);
  });
}

/**
 * Spawns a service and measures exec → first answered `version` over WebSocket on `port`. `atAnswer` samples
 * the still-running child at that moment (e.g. its memory); the child is stopped afterwards.
 */
export async function execToVersion<T>(
  cmd: string,
  args: string[],
  port: number,
  opts: { env?: Record<string, string>; timeoutMs: number; pollMs: number },
  atAnswer: (child: ChildProcess) => T,
): Promise<{ ms: number; sample: T }> {
  const t0 = performance.now();
  const child = spawn(cmd, args, { stdio: "ignore", env: { ...process.env, TAPSERVE_MDNS: "off", ...opts.env } });
  try {
    const deadline = t0 + opts.timeoutMs;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}`);
      if (await answersVersion(port)) {
        const ms = performance.now() - t0;
        return { ms, sample: atAnswer(child) };
      }
      await Bun.sleep(opts.pollMs);
    }
    throw new Error(`${cmd}: no answer`);
  } finally {
    await stopChild(child);
  }
}

/** Resolves with `now()` at the moment `file` appears (a folder watch, with a 1 ms poll as a fallback). */
export function whenCreated(file: string, now: () => number = () => performance.now()): Promise<number> {
  return new Promise((resolve) => {
    const done = () => {
      if (!existsSync(file)) return;
      const t = now();
      w.close();
      clearInterval(poll);
      resolve(t);
    };
    const w = watch(join(file, ".."), done);
    const poll = setInterval(done, 1);
  });
}

/** A WebSocket JSON-RPC client that sends one request at a time and resolves with the reply's text. */
export async function rpcOverWebSocket(port: number): Promise<{ call(method: string, params: unknown): Promise<string>; close(): void }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let waiting: ((text: string) => void) | null = null;
  ws.onmessage = (e) => waiting?.(String(e.data));
  let id = 0;
  return {
    call: (method, params) =>
      new Promise<string>((resolve) => {
        waiting = resolve;
        ws.send(JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }));
      }),
    close: () => ws.close(),
  };
}
