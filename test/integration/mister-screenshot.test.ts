import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ScreenshotResult } from "../../src/core/wire/input.ts";
import { takeMisterScreenshot } from "../../src/platforms/mister/screenshot.ts";
import { ManualClock } from "../fakes/clock.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type MisterCard, misterCard } from "../fixtures/mister-card.ts";
import { startService, type TestService } from "../fixtures/service.ts";

/**
 * `screenshot` on MiSTer against a fake SD card and a real FIFO standing in for /dev/MiSTer_cmd: the test plays
 * MiSTer Main, reads the command and writes the image into the running core's screenshots folder, in two parts
 * as a real writer might.
 */
let sd: string;
let fifo: string;
let card: MisterCard;
let coreName: string;
let svc: TestService;
let client: RpcClient;

/** A small but well-formed PNG: signature, IHDR, IEND. */
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde]);
const PNG_END = Uint8Array.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** The next command the service wrote to the FIFO, as its line; undefined: none yet. */
const readCommand = (): string | undefined => card.commands().map((line) => `${line}
`).join("") || undefined;

beforeAll(async () => {
  card = misterCard();
  ({ sd, fifo } = card);
  coreName = card.paths.coreNamePath;
  svc = await startService({ app: { platform: { mister: card.paths } } });
  client = await svc.connect();
});

afterAll(async () => {
  await svc.stop();
  card.remove();
});

describe("screenshot on MiSTer", () => {
  test("asks MiSTer Main for a scaled screenshot and answers with the new file once it is complete", async () => {
    writeFileSync(coreName, "SNES\n");
    mkdirSync(join(sd, "screenshots", "SNES"), { recursive: true });
    writeFileSync(join(sd, "screenshots", "SNES", "older.png"), Uint8Array.from([...PNG_HEAD, ...PNG_END]));
    const answer = client.call<ScreenshotResult>("screenshot");
    expect(await waitFor(readCommand, "the screenshot command")).toBe("screenshot scaled\n");
    const file = join(sd, "screenshots", "SNES", "20260101_120000-screen.png");
    writeFileSync(file, PNG_HEAD); // MiSTer Main still writing
    appendFileSync(file, PNG_END);
    const shot = await answer;
    expect(ScreenshotResult(shot)).toEqual(shot);
    expect(shot).toEqual({ path: file, data: Buffer.from([...PNG_HEAD, ...PNG_END]).toString("base64"), size: PNG_HEAD.length + PNG_END.length });
  });

  test("the screenshot launch command takes one the same way", async () => {
    writeFileSync(coreName, "SNES\n");
    const before = (await client.call<{ entries: unknown[] }>("tokens.history")).entries.length;
    await client.call("launch", "**screenshot");
    expect(await waitFor(readCommand, "the screenshot command")).toBe("screenshot scaled\n");
    const file = join(sd, "screenshots", "SNES", "20260101_120001-screen.png");
    writeFileSync(file, Uint8Array.from([...PNG_HEAD, ...PNG_END]));
    const entry = await waitFor(async () => {
      const { entries } = await client.call<{ entries: { success: boolean; text: string }[] }>("tokens.history");
      return entries.length > before ? entries[0] : undefined;
    }, "history entry");
    expect(entry).toMatchObject({ text: "**screenshot", success: true });
  });

  test("no core name from MiSTer Main: 1004 with the reason, nothing sent", async () => {
    rmSync(coreName);
    const r = await client.request("screenshot");
    expect(r.error).toMatchObject({ code: 1004, message: expect.stringContaining("ENOENT") });
    expect(readCommand()).toBeUndefined();
  });

  test("nothing appears within 3 s: the wait ends with a clear failure (manual clock)", async () => {
    writeFileSync(coreName, "NES");
    const clock = new ManualClock();
    const taking = takeMisterScreenshot({ sdRoot: sd, cmdPath: fifo, coreNamePath: coreName, clock });
    const failed = taking.then(
      () => new Error("a screenshot came"),
      (err: Error) => err,
    );
    expect(await waitFor(readCommand, "the screenshot command")).toBe("screenshot scaled\n");
    await clock.advance(2999);
    await clock.advance(1);
    expect((await failed).message).toContain("screenshot timed out after 3s");
  });
});
