import { spawn as nodeSpawn } from "node:child_process";
import type { ChildProcessHandle, ProcessExit, SpawnOptions } from "./types.ts";

/**
 * Child processes through node:child_process, which Bun implements too: one implementation behind the runtime
 * seam for both builds. Resolves once the kernel has started the program; rejects with an Error whose message
 * (and `code`) says why it could not be: ENOENT, EACCES …
 */
export function spawnChild(argv: readonly string[], opts: SpawnOptions = {}): Promise<ChildProcessHandle> {
  const [cmd, ...args] = argv;
  if (!cmd) return Promise.reject(Object.assign(new Error("empty command"), { code: "EINVAL" }));
  return new Promise((resolve, reject) => {
    const child = nodeSpawn(cmd, args, {
      detached: opts.detached === true,
      stdio: [opts.stdin ? "pipe" : "ignore", "ignore", opts.keepStderr ? "pipe" : "ignore"],
      env: (opts.env ?? process.env) as NodeJS.ProcessEnv,
    });
    let stderr = "";
    let timedOut = false;
    let aborted = false;
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < (opts.keepStderr ?? 0)) stderr += chunk.toString("utf8");
    });
    const signalGroup = (sig: NodeJS.Signals) => {
      try {
        if (opts.detached && child.pid) process.kill(-child.pid, sig);
        else child.kill(sig);
      } catch {
        try {
          child.kill(sig);
        } catch {}
      }
    };
    const timer = opts.timeoutMs !== undefined ? setTimeout(() => ((timedOut = true), signalGroup("SIGKILL")), opts.timeoutMs) : undefined;
    const onAbort = () => ((aborted = true), signalGroup("SIGKILL"));
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const exited = new Promise<ProcessExit>((done) => {
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", onAbort);
        done({ code, signal, stderr: stderr.slice(0, opts.keepStderr ?? 0), timedOut, aborted });
      });
    });
    child.once("error", (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(err.code ?? err.message), { code: err.code }));
    });
    child.once("spawn", () => {
      if (opts.signal?.aborted) onAbort();
      if (opts.stdin) {
        child.stdin?.on("error", () => {}); // the program may exit before reading everything
        child.stdin?.end(opts.stdin);
      }
      if (opts.detached) child.unref(); // the service may stop while the program keeps running
      resolve({ pid: child.pid!, exited, kill: signalGroup });
    });
  });
}
