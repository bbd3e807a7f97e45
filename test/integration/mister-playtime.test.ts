import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ManualClock } from "../fakes/clock.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * Playtime limits on MiSTer: a game launched on the fake SD card counts, the session limit returns MiSTer to its
 * menu, and afterwards an MGL (`mister.mgl`, which starts media as the reference counts it) is refused with the
 * reason, with nothing sent to MiSTer Main; `mister.core` (not media) still loads.
 */
const clock = new ManualClock(Date.UTC(2026, 4, 10, 12));
let sd: string;
let tmp: string;
let card: MisterCard;
let svc: TestService;
let c: RpcClient;

/** What the service wrote to the FIFO so far. */
const commands = () => card.commands();

async function run(text: string): Promise<{ success: boolean; trace?: { error?: string } }> {
  const before = ((await c.call("tokens.history")) as { entries: unknown[] }).entries.length;
  await c.call("run", { text });
  for (;;) {
    const { entries } = (await c.call("tokens.history")) as { entries: Array<{ success: boolean; trace?: { error?: string } }> };
    if (entries.length > before) return entries[0]!;
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  card = misterCard();
  ({ sd, tmp } = card);
  writeFiles(sd, ["games/SNES/Game (USA).sfc", "_Console/SNES_20240101.rbf"]);
  svc = await startService({
    configToml: '[playtime.limits]\nenabled = true\nsession = "1m"\nsession_reset = "5m"\n',
    app: { clock, platform: { mister: card.paths } },
  });
  c = await svc.connect();
});

afterAll(async () => {
  await svc.stop();
  card.remove();
});

describe("playtime limits on MiSTer", () => {
  test("the limit returns to the menu; then an MGL is refused with the reason, a bare core still loads", async () => {
    const started = c.waitForNotification("media.started");
    await c.call("launch", { text: join(sd, "games/SNES/Game (USA).sfc") });
    await started;
    const reached = c.waitForNotification("playtime.limit.reached");
    const stopped = c.waitForNotification("media.stopped");
    await clock.advance(60_000);
    expect(await reached).toEqual({ reason: "session" });
    await stopped;
    expect(commands().at(-1)).toBe("load_core menu.rbf");

    const refused = await run("**mister.mgl:<mistergamedescription><rbf>_Console/SNES</rbf></mistergamedescription>");
    expect(refused.success).toBe(false);
    expect(refused.trace?.error).toContain("playtime limit reached");
    expect(commands()).toEqual([]);

    expect((await run("**mister.core:_Console/SNES")).success).toBe(true);
    expect(commands()).toHaveLength(1);
  });
});
