/**
 * Home's Music card in a real browser (Debian's Chromium, 360×640) against the real service on loopback: music
 * started in the background slot shows beside the game card, and Pause / Resume / Next / Stop drive the player,
 * a real child process standing in for mpv (SIGSTOP while paused, as /proc shows). Checked with axe-core.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium, phonePage, screenshot, seriousViolations } from "../fixtures/browser.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

let root: string;
let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let page: Page;
const pids = () => readFileSync(join(root, "player.log"), "utf8").trim().split("\n").map(Number);
/** The process state letter from /proc (T: stopped, as a paused player is). */
const procState = (pid: number) => readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "")[0];

beforeAll(async () => {
  root = tempDir("tapserve-web-music-");
  writeFiles(join(root, "music"), ["01 Intro.wav", "02 Stage.wav"]);
  const player = join(root, "player.sh");
  writeFileSync(player, `#!/bin/sh\necho $$ >> "${join(root, "player.log")}"\nexec sleep 60\n`);
  chmodSync(player, 0o755);
  svc = await startService({
    configToml: `[launchers]\nindex_root = ["${root}"]\n[audio]\nmusic_player = "${player} {file}"\n`,
    app: { readerHotplug: false },
  });
  rpc = await svc.connect();
  browser = await launchChromium();
  page = await phonePage(browser);
  await page.goto(`${svc.http}/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await rpc?.call("media.control", { action: "stop", slot: "background" }).catch(() => {});
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("Music on Home", () => {
  const card = () => page.getByTestId("music");

  test("no card while no music plays; a background playlist shows its track beside an empty Now playing", async () => {
    await page.getByTestId("version").filter({ hasText: "tapserve" }).waitFor();
    expect(await card().count()).toBe(0);
    await rpc.call("run", { text: `**playlist.play:${join(root, "music")}?slot=background` });
    await card().filter({ hasText: "01 Intro" }).waitFor();
    await page.getByTestId("now-playing").filter({ hasText: "Nothing is running." }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "home-music");
  });

  test("Pause stops the player process and offers Resume; Resume continues it", async () => {
    await page.getByRole("button", { name: "Pause" }).click();
    await card().filter({ hasText: "Paused" }).waitFor();
    const pid = pids().at(-1)!;
    expect(procState(pid)).toBe("T");
    await page.getByRole("button", { name: "Resume" }).click();
    await card().filter({ hasText: "Playing in the background" }).waitFor();
    expect(procState(pid)).not.toBe("T");
  });

  test("Next plays the next track; Stop music ends it and the card goes away", async () => {
    await page.getByRole("button", { name: "Next" }).click();
    await card().filter({ hasText: "02 Stage" }).waitFor();
    expect(pids()).toHaveLength(2);
    await page.getByRole("button", { name: "Stop music" }).click();
    await card().waitFor({ state: "detached" });
    expect(await rpc.call("media.active", { slot: "background" })).toBeNull();
  });
});
