import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ManualClock } from "../fakes/clock.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * Replays of a captured secure session from a real second host (a network namespace), across a restart of the
 * service on the same data folder and past the old in-memory window.
 */
const CLIENT_SCRIPT = join(import.meta.dir, "..", "fixtures", "secure", "replay-client.ts");
const DAY = 24 * 3600_000;

let ns: NetNamespace;
let dataDir: string;
let svc: TestService | null = null;
let clock: ManualClock;

async function run<T>(plan: Record<string, unknown>): Promise<T> {
  const full = { url: `ws://${ns.hostAddress}:${svc!.port}/api`, ...plan };
  const r = await ns.run([process.execPath, CLIENT_SCRIPT], { env: { PLAN: JSON.stringify(full) } });
  if (r.code !== 0) throw new Error(`replay client failed (${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as T;
}

async function start() {
  // no serial hot-plug look-ups: days of clock advanced here would run them every 250 ms of it
  svc = await startService({ host: "0.0.0.0", dataDir, app: { clock, readerHotplug: false } });
}
async function restart() {
  await svc?.stop();
  await start();
}

type Capture = { first: string; reply: { result?: { version: string } } };
type Drained = { frames: string[]; close: { code: number; reason: string } | null };
const errorOf = (d: Drained) => (JSON.parse(d.frames[0] ?? "null") as { error: { code: number; message: string } } | null)?.error;

beforeAll(async () => {
  ns = createNetNamespace();
  dataDir = tempDir();
  clock = new ManualClock(Date.UTC(2025, 0, 1));
  await start();
});
afterAll(async () => {
  await svc?.stop();
  ns?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a captured secure session", () => {
  test("is refused after a restart and past the old ten-minute window; the client's new sessions work", async () => {
    const local = await svc!.connect();
    const client = await local.call<{ id: string; secret: string }>("clients.new", { name: "phone" });
    const creds = { clientId: client.id, secret: client.secret };
    const captured = await run<Capture>({ step: "capture", ...creds });
    expect(captured.reply.result?.version).toBeString();

    await restart();
    const replay = await run<Drained>({ step: "replay", frame: captured.first });
    expect(errorOf(replay)).toEqual({ code: -32002, message: expect.stringContaining("salt already used") });
    expect(replay.close?.code).toBe(1008);
    expect((await run<Capture>({ step: "fresh", ...creds })).reply.result?.version).toBeString();

    await clock.advance(11 * 60_000);
    const late = await run<Drained>({ step: "replay", frame: captured.first });
    expect(errorOf(late)?.code).toBe(-32002);
    await restart();
    await clock.advance(7 * DAY);
    expect(errorOf(await run<Drained>({ step: "replay", frame: captured.first }))?.message).toContain("salt already used");
    expect((await run<Capture>({ step: "fresh", ...creds })).reply.result?.version).toBeString();
  });

  test("a deleted client's captured session stays refused (its salts go with it)", async () => {
    const local = await svc!.connect();
    const client = await local.call<{ id: string; secret: string }>("clients.new", { name: "tablet" });
    const captured = await run<Capture>({ step: "capture", clientId: client.id, secret: client.secret });
    expect(captured.reply.result?.version).toBeString();
    await local.call("clients.delete", { id: client.id });
    const replay = await run<Drained>({ step: "replay", frame: captured.first });
    expect(errorOf(replay)?.message).toContain("unknown client");
  });
});
