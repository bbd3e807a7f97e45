/**
 * The web app's media library in a real browser (Debian's Chromium, 360×640) against the real service: a ROM
 * tree with an EmulationStation gamelist.xml and real PNG covers written here, indexed and scraped over the
 * API (media.index, media.scrape), then covers and details in Search, the favourite star surviving a reload,
 * and browsing into a folder and a letter in Library. Every screen is checked with axe-core and photographed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { checkScreen, goToScreen, launchChromium, phonePage } from "../fixtures/browser.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { putFile, solidPng } from "../fixtures/images.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

let root: string;
let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let page: Page;

const GAMELIST = `<?xml version="1.0"?>
<gameList>
  <game>
    <path>./Super Mario World (USA).sfc</path>
    <name>Super Mario World</name>
    <desc>Mario and Yoshi set out to save Dinosaur Land.</desc>
    <image>./media/images/Super Mario World (USA).png</image>
    <releasedate>19901121T000000</releasedate>
    <developer>Nintendo EAD</developer>
    <publisher>Nintendo</publisher>
    <genre>Platform</genre>
    <players>1-2</players>
  </game>
  <game>
    <path>./Super Metroid (USA).sfc</path>
    <desc>Samus returns to Zebes.</desc>
    <image>./media/images/Super Metroid (USA).png</image>
  </game>
</gameList>`;

const SNES = ["Super Mario World (USA).sfc", "Super Mario World (Europe) (Rev 1).sfc", "Super Metroid (USA).sfc", "Star Fox (USA).sfc", "ActRaiser (USA).sfc", "F-Zero (USA).sfc", "Hacks/Zelda Hack.sfc"];

beforeAll(async () => {
  root = tempDir("tapserve-webmedia-");
  const roms = join(root, "roms");
  writeFiles(roms, [...SNES.map((f) => `SNES/${f}`), "Genesis/Sonic The Hedgehog (USA, Europe).md", "Genesis/Columns (World).md"]);
  putFile(join(roms, "SNES/gamelist.xml"), GAMELIST);
  putFile(join(roms, "SNES/media/images/Super Mario World (USA).png"), solidPng(300, 200, [200, 40, 40]));
  putFile(join(roms, "SNES/media/images/Super Metroid (USA).png"), solidPng(120, 160, [40, 120, 200]));
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n` });
  rpc = await svc.connect();
  expect(await rpc.call("media.index")).toBeNull();
  expect(await rpc.call("media.scrape", { scraperId: "gamelist.xml", systems: ["SNES"] })).toBeNull();
  await rpc.waitForNotification<{ done: boolean; matched: number }>("media.scraping", (p) => p.done);
  browser = await launchChromium();
  page = await phonePage(browser);
  await page.goto(`${svc.http}/app/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** The natural size of the cover image in a row (0×0 while none is shown). */
function coverSize(row: ReturnType<Page["locator"]>): Promise<[number, number]> {
  return row.getByTestId("cover").first().evaluate((box) => {
    const img = box.querySelector("img");
    return [img?.naturalWidth ?? 0, img?.naturalHeight ?? 0] as [number, number];
  });
}

const results = () => page.getByTestId("results").getByRole("listitem");
const resultRow = (name: string) => results().filter({ has: page.getByText(name, { exact: true }) });

describe("the media library in the web app", () => {
  test("search results show the scraped covers without layout shift; Details shows the metadata", async () => {
    await goToScreen(page, "Search");
    await page.evaluate(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.cls += e.value;
      }).observe({ type: "layout-shift", buffered: false });
    });
    await page.getByLabel("Game name").pressSequentially("super m");
    const mario = resultRow("Super Mario World (USA)");
    await mario.getByTestId("cover").and(page.locator("[data-state=loaded]")).waitFor();
    expect(await coverSize(mario)).toEqual([64, 43]); // 300×200 scaled on the device to the 3rem box (48 px, asked 64)
    const metroid = resultRow("Super Metroid (USA)");
    await metroid.locator("[data-testid=cover][data-state=loaded]").waitFor();
    expect(await coverSize(metroid)).toEqual([48, 64]);
    // no artwork: the box stays, empty
    const europe = resultRow("Super Mario World (Europe) (Rev 1)");
    await europe.locator("[data-testid=cover][data-state=none]").waitFor();
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.01);

    await mario.getByRole("button", { name: "Details of Super Mario World (USA)" }).click();
    const details = mario.getByTestId("media-details");
    await details.filter({ hasText: "Mario and Yoshi set out to save Dinosaur Land." }).waitFor();
    for (const fact of ["Year1990", "DeveloperNintendo EAD", "PublisherNintendo", "GenrePlatform", "Players2"]) {
      await expect(details.locator(".facts").textContent()).resolves.toContain(fact);
    }
    await details.locator("[data-testid=cover][data-state=loaded]").waitFor();
    expect(await coverSize(details)).toEqual([128, 85]); // the 8rem box
    await details.scrollIntoViewIfNeeded();
    await checkScreen(page, "media-search-covers");
  });

  test("the favourite star survives a reload and the Favourites filter lists exactly the favourites", async () => {
    const star = () => resultRow("Super Mario World (USA)").getByRole("button", { name: "Favourite Super Mario World (USA)" });
    await expect(star().getAttribute("aria-pressed")).resolves.toBe("false");
    await star().click();
    await page.locator('button[aria-label="Favourite Super Mario World (USA)"][aria-pressed="true"]').waitFor();
    const fav = await rpc.call<{ total: number; results: Array<{ path: string }> }>("media.search", { query: "", tags: ["user:favorite"] });
    expect(fav.results.map((r) => r.path)).toEqual(["SNES/Super Mario World (USA).sfc"]);

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Search" }).waitFor();
    await page.getByLabel("Game name").fill("mario");
    await page.locator('button[aria-label="Favourite Super Mario World (USA)"][aria-pressed="true"]').waitFor();
    await expect(resultRow("Super Mario World (Europe) (Rev 1)").getByRole("button", { name: /^Favourite/ }).getAttribute("aria-pressed")).resolves.toBe("false");

    await page.getByLabel("Game name").fill("");
    await page.getByLabel("Favourites only").check();
    await page.getByTestId("result-count").filter({ hasText: "1 favourite" }).waitFor();
    await expect(results().count()).resolves.toBe(1);
    await resultRow("Super Mario World (USA)").waitFor();
    await checkScreen(page, "media-favourites");
    // unstarred from the list: gone from the favourites after the next search
    await star().click();
    await page.locator('button[aria-label="Favourite Super Mario World (USA)"][aria-pressed="false"]').waitFor();
    expect((await rpc.call<{ total: number }>("media.search", { query: "", tags: ["user:favorite"] })).total).toBe(0);
    await page.getByLabel("Favourites only").uncheck();
  });

  test("Library browses the roots, into a folder, by a letter and into a sub-folder", async () => {
    await goToScreen(page, "Library");
    const list = page.getByTestId("browse");
    const count = page.getByTestId("browse-count");
    await list.getByRole("button", { name: /^roms/ }).click();
    await list.getByRole("button", { name: /^SNES/ }).click();
    await page.getByTestId("browse-trail").getByRole("button", { name: "SNES" }).waitFor();
    // 6 games here plus the Hacks folder (1 game below it)
    await count.filter({ hasText: "6 games, 1 folder" }).waitFor();
    await list.getByRole("button", { name: /^Hacks/ }).waitFor();
    const mario = list.getByRole("listitem").filter({ has: page.getByText("Super Mario World (USA)", { exact: true }) });
    // covers load as their rows come into view
    const last = list.getByRole("listitem").last();
    expect(await last.locator("[data-testid=cover]").getAttribute("data-state")).toBe("loading");
    await mario.scrollIntoViewIfNeeded();
    await mario.locator("[data-testid=cover][data-state=loaded]").waitFor();
    expect(await coverSize(mario)).toEqual([64, 43]); // 300×200 scaled on the device to the 3rem box (48 px, asked 64)
    await checkScreen(page, "media-browse-folder");

    // letters: S holds the two Super Mario Worlds, Super Metroid and Star Fox
    const letters = page.getByTestId("letters");
    await letters.getByRole("button", { name: "S: 4" }).click();
    await count.filter({ hasText: /^4 games$/ }).waitFor();
    const names = await list.getByRole("listitem").locator(".result-text .title").allTextContents();
    expect(names).toEqual(["Star Fox (USA)", "Super Mario World (Europe) (Rev 1)", "Super Mario World (USA)", "Super Metroid (USA)"]);
    await expect(letters.getByRole("button", { name: "S: 4" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await checkScreen(page, "media-browse-letter");

    await letters.getByRole("button", { name: "All", exact: true }).click();
    await list.getByRole("button", { name: /^Hacks/ }).click();
    await count.filter({ hasText: /^1 game$/ }).waitFor();
    await list.getByText("Zelda Hack", { exact: true }).waitFor();
    // back up the trail to the roots
    await page.getByTestId("browse-trail").getByRole("button", { name: "All folders" }).click();
    await list.getByRole("button", { name: /^roms/ }).waitFor();
  });

  test("a system in the Systems list opens its folder in Browse", async () => {
    await page.getByTestId("systems").getByRole("button", { name: /^Browse Genesis\s*2 games$/ }).click();
    const list = page.getByTestId("browse");
    // the system's one folder opens at once
    await page.getByTestId("browse-trail").getByRole("button", { name: "Genesis" }).waitFor();
    await page.getByTestId("browse-count").filter({ hasText: /^2 games$/ }).waitFor();
    const names = await list.getByRole("listitem").locator(".result-text .title").allTextContents();
    expect(names).toEqual(["Columns (World)", "Sonic The Hedgehog (USA, Europe)"]);
    await checkScreen(page, "media-browse-system");
  });
});
