import type { Spawn } from "./process-media.ts";

/** Runs a helper program to completion with a time-out; rejects with a readable reason. */
export async function runCommand(spawn: Spawn, argv: readonly string[], timeoutMs: number): Promise<void> {
  const cmd = argv[0];
  if (!cmd) throw new Error("empty command");
  let child;
  try {
    child = await spawn(argv, { timeoutMs, keepStderr: 64 * 1024 });
  } catch (err) {
    throw new Error(`cannot run ${cmd}: ${(err as Error).message}`);
  }
  const e = await child.exited;
  if (e.timedOut) throw new Error(`${cmd} did not finish within ${timeoutMs} ms`);
  if (e.code === 0) return;
  const stderr = e.stderr.trim();
  throw new Error(`${cmd} failed (${e.code !== null ? `exit ${e.code}` : `signal ${e.signal}`})${stderr ? `: ${stderr.slice(0, 200)}` : ""}`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
