/**
 * Retry pacing of serial readers (OpenBackoff through pacedOpen) on a controlled clock: each failed open
 * doubles the wait (1 s … 30 s); while waiting, attempts fail at once with the last real error (same message,
 * so the manager logs nothing new); a replug (new device node) or a success starts over.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SerialPort } from "../../../src/runtime/serial-types.ts";
import { OpenBackoff } from "../../../src/readers/serial/backoff.ts";
import { BackingOff, pacedOpen } from "../../../src/readers/serial/paced-open.ts";

const dir = mkdtempSync(join(tmpdir(), "tapserve-backoff-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rig(name: string) {
  const path = join(dir, name);
  writeFileSync(path, "");
  let clock = 0;
  let opens = 0;
  let fail = true;
  const port = { path } as SerialPort;
  const paced = pacedOpen(new OpenBackoff(), path, async () => {
    opens++;
    if (fail) throw new Error("device said no");
    return port;
  }, () => clock);
  /** One manager pass: try to open, report the result; returns the error message or "open". */
  const attempt = async (at: number) => {
    clock = at;
    try {
      await paced.openPort();
      paced.onOpenResult(null);
      return "open";
    } catch (err) {
      paced.onOpenResult(err as Error);
      return err instanceof BackingOff ? `waiting: ${(err as Error).message}` : (err as Error).message;
    }
  };
  return { path, attempt, opens: () => opens, succeed: () => (fail = false) };
}

describe("serial open backoff", () => {
  test("waits double after each failure, up to 30 s, repeating the last error meanwhile", async () => {
    const r = rig("ttyA");
    const realAt: number[] = [];
    for (let t = 0; t <= 120_000; t += 500) {
      const before = r.opens();
      const result = await r.attempt(t);
      if (r.opens() > before) realAt.push(t);
      else expect(result).toBe("waiting: device said no");
    }
    const gaps = realAt.slice(1).map((t, i) => t - realAt[i]!);
    expect(gaps.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
    expect(new Set(gaps.slice(5))).toEqual(new Set([30000]));
  });

  test("a replugged device (new node) is tried at once; a success starts the pacing over", async () => {
    const r = rig("ttyB");
    await r.attempt(0);
    await r.attempt(1000);
    await r.attempt(3000); // third failure: next real try at 7000
    expect(await r.attempt(3500)).toBe("waiting: device said no");
    rmSync(r.path); // unplugged, and a new node appears
    writeFileSync(r.path, "");
    r.succeed();
    expect(await r.attempt(3600)).toBe("open");
    expect(r.opens()).toBe(4);
  });
});
