/**
 * Card sets and the write queue in the web app (issue 42), in a real browser (Debian's Chromium, 360×640)
 * against the real service on loopback with an indexed ROM folder; a write-capable reader below the driver seam
 * is the hardware. Checked with axe-core and photographed into test-output/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { checkScreen, goToScreen, launchChromium, phonePage } from "../fixtures/browser.ts";
import { writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { readerServiceConfig } from "../fixtures/reader-service-config.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

const driver = new FakeReaderDriver("fakenfc", true, ["write", "removable"]);
let root: string;
let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let page: Page;
const reader = () => driver.reader("/dev/fake0");

beforeAll(async () => {
  root = tempDir("tapserve-web-cards-");
  writeFiles(root, ["roms/SNES/Zelda.sfc", "roms/SNES/F-Zero (USA).sfc", "roms/SNES/Pilotwings (USA).sfc", "roms/Genesis/Sonic The Hedgehog (USA, Europe).md"]);
  const emu = writeEmulator(join(root, "emu"));
  driver.plug("/dev/fake0");
  svc = await startService({
    configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "NfcEmu", script: emu.script, extensions: [".sfc", ".md"], systems: ["SNES", "Genesis"] } }),
    app: { drivers: () => [driver] },
  });
  rpc = await svc.connect();
  expect(await rpc.call("media.index")).toBeNull();
  browser = await launchChromium();
  page = await phonePage(browser);
  await page.goto(`${svc.http}/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await rpc?.call("stop").catch(() => {});
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("card sets and the write queue in the web app", () => {
  const items = () => page.getByTestId("set-items").getByRole("listitem");
  const status = () => page.getByTestId("queue-status");

  test("create a set, add games from search and a whole system, reorder and remove", async () => {
    // Cards is reached from Write (the navigation keeps its two rows on a phone)
    await goToScreen(page, "Write");
    await page.getByRole("link", { name: "Card sets" }).click();
    await page.getByRole("heading", { level: 1, name: "Cards" }).waitFor();
    await page.getByLabel("New set").fill("SNES shelf");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("heading", { name: "SNES shelf" }).waitFor();
    const search = page.getByTestId("card-search");
    await search.fill("zelda");
    await page.getByRole("button", { name: "Add Zelda" }).click();
    await items().filter({ hasText: "Zelda" }).waitFor();
    await search.fill("pilotwings");
    await page.getByRole("button", { name: "Add Pilotwings (USA)" }).click();
    await items().filter({ hasText: "Pilotwings" }).waitFor();
    await page.getByText("Add a system, the favourites, a folder or a playlist").click();
    await page.getByTestId("add-system").selectOption("Genesis");
    await page.getByRole("button", { name: "Add system" }).click();
    await items().filter({ hasText: "Sonic The Hedgehog" }).waitFor();
    expect(await items().count()).toBe(3);
    // a folder picked by browsing: the root, then SNES; its three games join
    const picker = page.getByTestId("folder-picker");
    await picker.getByRole("button", { name: /^roms/ }).click();
    await picker.getByRole("button", { name: /^SNES/ }).click();
    await picker.getByRole("button", { name: "Add this folder" }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="set-items"] li').length === 6);
    await checkScreen(page, "cards-add-folder");
    for (let n = 5; n >= 3; n--) {
      await page.getByRole("button", { name: /^Remove / }).last().click();
      await page.waitForFunction((left) => document.querySelectorAll('[data-testid="set-items"] li').length === left, n);
    }
    // Sonic up to first place; Pilotwings removed
    await page.getByRole("button", { name: "Move Sonic The Hedgehog up" }).click();
    await page.getByRole("button", { name: "Move Sonic The Hedgehog up" }).click();
    await items().first().filter({ hasText: "Sonic The Hedgehog" }).waitFor();
    await page.getByRole("button", { name: "Remove Pilotwings" }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="set-items"] li').length === 2);
    expect(await items().allInnerTexts()).toEqual([expect.stringContaining("1. Sonic The Hedgehog"), expect.stringContaining("2. Zelda")]);
    expect(await items().nth(1).innerText()).toContain("@SNES/Zelda");
    await search.fill("");
    await search.blur();
    await page.getByTestId("set-items").evaluate((list) => list.scrollIntoView());
    await checkScreen(page, "cards-set");
    const set = (await rpc.call<{ sets: Array<{ name: string; count: number }> }>("cards.sets")).sets.find((s) => s.name === "SNES shelf");
    expect(set?.count).toBe(2);
  });

  test("the queue: a blank tag is written, a tag with data asks first, then done", async () => {
    await page.getByRole("button", { name: "Write to tags" }).click();
    await page.getByRole("heading", { level: 1, name: "Write queue" }).waitFor();
    await status().filter({ hasText: "Place a blank tag on the reader for Sonic The Hedgehog" }).waitFor();
    await checkScreen(page, "cards-queue-waiting");
    reader().present({ uid: "04aa" });
    await page.getByTestId("queue-progress").filter({ hasText: "1 of 2 written" }).waitFor();
    expect(reader().writes).toEqual(["@Genesis/Sonic The Hedgehog"]);
    reader().remove();
    reader().present({ uid: "04bb", text: "SNES/Other.sfc", data: "d101" });
    await status().filter({ hasText: "This tag already holds “SNES/Other.sfc”. Overwrite it with Zelda?" }).waitFor();
    await checkScreen(page, "cards-queue-confirm");
    expect(reader().writes.length).toBe(1);
    await page.getByRole("button", { name: "Overwrite" }).click();
    await status().filter({ hasText: "All cards are done." }).waitFor();
    expect(reader().writes).toEqual(["@Genesis/Sonic The Hedgehog", "@SNES/Zelda"]);
    reader().remove();
    await checkScreen(page, "cards-queue-done");
  });

  test("write one again; stop and resume; an unfinished queue is continued from Cards; skip", async () => {
    await page.getByRole("button", { name: "Write Zelda again" }).click();
    await status().filter({ hasText: "for Zelda" }).waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    await status().filter({ hasText: "Stopped. Next: Zelda." }).waitFor();
    await page.getByRole("button", { name: "Resume" }).click();
    await status().filter({ hasText: "for Zelda" }).waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    await status().filter({ hasText: "Stopped." }).waitFor();
    await page.getByRole("button", { name: "Card sets" }).click();
    await page.getByRole("button", { name: "Continue writing (1 of 2 written)" }).click();
    await status().filter({ hasText: "Place a blank tag on the reader for Zelda" }).waitFor();
    await page.getByRole("button", { name: "Skip this game" }).click();
    await status().filter({ hasText: "All cards are done." }).waitFor();
    await page.getByTestId("queue-progress").filter({ hasText: "1 of 2 written, 1 skipped" }).waitFor();
  });
});
