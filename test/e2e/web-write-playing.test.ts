/**
 * "Write to a tag" on Home's Now playing card, in a real browser (Debian's Chromium, 360×640) against the real
 * service on loopback: a real launcher process starts the game, a write-capable reader below the driver seam is
 * the hardware. Checked with axe-core and photographed into test-output/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { checkScreen, launchChromium, phonePage } from "../fixtures/browser.ts";
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

beforeAll(async () => {
  root = tempDir("tapserve-web-write-");
  writeFiles(root, ["roms/SNES/Zelda.sfc"]);
  const emu = writeEmulator(join(root, "emu"));
  driver.plug("/dev/fake0");
  svc = await startService({
    configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "NfcEmu", script: emu.script, extensions: [".sfc"], systems: ["SNES"] } }),
    app: { drivers: () => [driver] },
  });
  rpc = await svc.connect();
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

describe("Write to a tag on Home", () => {
  const box = () => page.getByTestId("write-playing");
  const button = () => page.getByRole("button", { name: "Write to a tag" });

  test("nothing playing: the button is off and says why", async () => {
    await page.getByTestId("readers").filter({ hasText: "connected" }).waitFor();
    await box().filter({ hasText: "Start a game to write it to a tag." }).waitFor();
    expect(await button().isDisabled()).toBe(true);
  });

  test("while a game plays: the button waits for a tag (with Cancel), then writes the game's launch script to it", async () => {
    await rpc.call("launch", { text: "SNES/Zelda.sfc" });
    await page.getByTestId("now-playing").filter({ hasText: "Zelda" }).waitFor();
    await button().click();
    await box().filter({ hasText: "Place a tag on the reader" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).waitFor();
    await checkScreen(page, "home-write-playing-waiting");
    driver.reader("/dev/fake0").present({ uid: "04aa" });
    await box().filter({ hasText: "Written to the tag: SNES/Zelda.sfc" }).waitFor();
    expect(driver.reader("/dev/fake0").writes).toEqual(["SNES/Zelda.sfc"]);
    await checkScreen(page, "home-write-playing-written");
    driver.reader("/dev/fake0").remove();
  });

  test("Cancel ends the wait and nothing is written", async () => {
    await button().click();
    await box().filter({ hasText: "Place a tag on the reader" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await box().filter({ hasText: "Cancelled." }).waitFor();
    driver.reader("/dev/fake0").present({ uid: "04bb", text: "" });
    expect(driver.reader("/dev/fake0").writes).toEqual(["SNES/Zelda.sfc"]);
    expect(await button().isEnabled()).toBe(true);
  });
});
