import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
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
