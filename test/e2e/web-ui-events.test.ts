/**
 * The device's UI event in the web app (issue 44), in a real browser (Chromium, phone size) against the real
 * service: a reader scan while a game runs makes the launch guard ask "Change game?"; the page shows it on any
 * screen and answers it (confirm launches the scanned game, cancel drops it), and closes it when another client
 * answers first. The guard's timers run on a manual clock, so the question waits for the browser.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { ManualClock } from "../fakes/clock.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { checkScreen, goToScreen, launchChromium, phonePage } from "../fixtures/browser.ts";
import { type FakeReaderService, startFakeReaderService } from "../fixtures/fake-reader-service.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import type { UiState } from "../../src/core/wire/ui.ts";

let env: FakeReaderService | undefined;
let client: RpcClient;
let browser: Browser;
let page: Page;
const clock = new ManualClock(Date.parse("2026-11-25T12:00:00Z"));
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);

const tap = (uid: string, text: string) => env!.tap(uid, text);
const launchedGame = () => env!.launchedGame();
const playing = () => env!.playing();

/** A game runs (started with the guard off), as each test starts. */
async function startWith(uid: string, game: string): Promise<void> {
  await env!.startWith(uid, game);
  await waitFor(async () => (await playing()) === game, `${game} playing`);
}

const question = () => page.getByRole("alertdialog", { name: "Change game?" });

beforeAll(async () => {
  env = await startFakeReaderService({
    prefix: "tapserve-web-ui-",
    files: ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md", "roms/Genesis/Comix.md"],
    driver,
    emulatorId: "WebUiEmu",
    app: { clock },
  });
  client = env.client;
  await client.call("settings.update", { launchGuardEnabled: true, launchGuardTimeout: 10, launchGuardDelay: 2, launchGuardRequireConfirm: false });
  browser = await launchChromium();
  page = await phonePage(browser);
  await page.goto(`${env.svc.http}/`);
  await page.getByTestId("version").filter({ hasText: "tapserve" }).waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

describe("the device's UI event in the web app", () => {
  test("a staged scan shows \"Change game?\" with the token; Confirm launches it and the question closes", async () => {
    await startWith("a1", "Sonic");
    tap("b2", "Genesis/Streets.md");
    await question().waitFor();
    await expect(question().textContent()).resolves.toContain("Genesis/Streets.md");
    await checkScreen(page, "ui-event-confirm");
    await question().getByRole("button", { name: "Confirm" }).click();
    expect(await launchedGame()).toEndWith("Streets.md");
    await question().waitFor({ state: "detached" });
    await waitFor(async () => (await playing()) === "Streets", "Streets playing");
  });

  test("Cancel drops the token: nothing launches", async () => {
    await startWith("a1", "Sonic");
    await goToScreen(page, "History"); // the question shows on any screen
    tap("c3", "Genesis/Comix.md");
    await question().getByRole("button", { name: "Cancel" }).click();
    await question().waitFor({ state: "detached" });
    expect((await client.request("confirm")).error?.code).toBe(1001);
    expect(await playing()).toBe("Sonic");
    expect(existsSync(env!.emu.record)).toBe(false);
  });

  test("another client answering first closes the question in the page", async () => {
    await startWith("a1", "Sonic");
    tap("c3", "Genesis/Comix.md");
    await question().waitFor();
    const state = await client.call<UiState>("ui");
    await client.call("ui.respond", { id: state.events[0]!.id, action: "dismiss" });
    await question().waitFor({ state: "detached" });
  });
});
