/**
 * The labels screen of the web app (issue 42) in a real browser (Debian's Chromium, 360×640) against the real
 * service on loopback with a real library (JPEG and PNG covers in media folders, indexed and scraped): the card
 * set's labels previewed as the device paints them, format and paper pickers, the PDF downloaded and read back.
 * Checked with axe-core and photographed into test-output/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { checkScreen, launchChromium, phonePage, SCREENSHOTS } from "../fixtures/browser.ts";
import { indexAndScrape, writeLabelLibrary } from "../fixtures/label-library.ts";
import { readPdf } from "../fixtures/pdf-read.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

let root: string;
let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let page: Page;
let setId = 0;

beforeAll(async () => {
  root = tempDir("tapserve-web-labels-");
  svc = await startService({ configToml: writeLabelLibrary(join(root, "roms")) });
  rpc = await svc.connect();
  await indexAndScrape(rpc);
  setId = (await rpc.call<{ id: number }>("cards.sets.create", { name: "Living room shelf" })).id;
  await rpc.call("cards.set.add", { id: setId, source: { kind: "system", system: "SNES" } });
  await rpc.call("cards.set.add", { id: setId, source: { kind: "system", system: "Genesis" } });
  browser = await launchChromium();
  page = await phonePage(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("Labels screen", () => {
  const previews = () => page.getByTestId("label-previews").getByRole("img");

  test("shows every card of the set as the device paints it, with how many sheets the PDF takes", async () => {
    // reached from the set on the Cards screen
    await page.goto(`${svc.http}/app/cards`);
    await page.getByTestId("card-set").getByRole("button", { name: "Print labels" }).click();
    await page.waitForURL(`**/app/labels?set=${setId}`);
    await page.getByRole("heading", { level: 1, name: "Labels" }).waitFor();
    await page.getByAltText("Label of Super Mario World").waitFor();
    await page.getByAltText("Label of Sonic The Hedgehog").waitFor();
    expect(await previews().count()).toBe(4);
    for (const src of await previews().evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))) expect(src.startsWith("data:image/png;base64,")).toBe(true);
    // the images are really drawn: decoded at the card's proportions
    const sizes = await previews().evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth / (i as HTMLImageElement).naturalHeight));
    for (const ratio of sizes) expect(ratio).toBeCloseTo(85.6 / 54, 1);
    await page.getByTestId("label-summary").filter({ hasText: "4 cards, 9 per sheet: 1 page" }).waitFor();
    await checkScreen(page, "cards-labels-id1");
    await page.getByTestId("label-previews").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, "cards-labels-id1-preview.png"), fullPage: true });
  });

  test("another format and paper: round stickers preview round, chips and QR are not offered for them", async () => {
    await page.getByTestId("label-template").selectOption("round-30");
    await page.getByTestId("label-paper").selectOption("letter");
    await page.getByTestId("label-summary").filter({ hasText: "42 per sheet" }).waitFor();
    await page.waitForFunction(() => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>("[data-testid=label-previews] img")];
      return imgs.length === 4 && imgs.every((i) => i.complete && i.naturalWidth > 0 && Math.abs(i.naturalWidth - i.naturalHeight) <= 1);
    });
    expect(await page.getByLabel("QR code of the launch link").isDisabled()).toBe(true);
    await checkScreen(page, "cards-labels-round");
    await page.screenshot({ path: join(SCREENSHOTS, "cards-labels-round-preview.png"), fullPage: true });
  });

  test("Download PDF saves the set's labels as a PDF file", async () => {
    await page.getByTestId("label-template").selectOption("id1-portrait");
    await page.getByLabel("QR code of the launch link").check();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("label-download").click()]);
    expect(download.suggestedFilename()).toBe(`card-set-${setId}-id1-portrait-letter.pdf`);
    const file = join(root, "download.pdf");
    await download.saveAs(file);
    const pdf = await readPdf(new Uint8Array(readFileSync(file)));
    expect(pdf.pages.length).toBe(1);
    expect(pdf.images).toBe(3);
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await checkScreen(page, "cards-labels-downloaded");
  });
});
