import { execFile } from "node:child_process";

/** Runs a helper program to completion with a time-out; rejects with a readable reason. */
export function runCommand(argv: readonly string[], timeoutMs: number): Promise<void> {
  const [cmd, ...args] = argv;
  if (!cmd) return Promise.reject(new Error("empty command"));
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 64 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number };
      if (e.killed) return reject(new Error(`${cmd} did not finish within ${timeoutMs} ms`));
      if (typeof e.code === "string") return reject(new Error(`cannot run ${cmd}: ${e.code}`));
      reject(new Error(`${cmd} failed (exit ${e.code})${stderr.trim() ? `: ${stderr.trim().slice(0, 200)}` : ""}`));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
