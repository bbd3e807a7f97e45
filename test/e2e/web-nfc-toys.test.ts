/**
 * An Amiibo in the device's web app (real Chromium at phone size) against the real service, the toy on a
 * virtual card in a private real pcscd: Home names the last scan "Amiibo <figure id>"; "Map the last scanned
 * tag" maps the figure by its id (every copy of the figure), and the next tap launches the game; History names
 * the launch the same way.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { goToScreen, launchChromium, phonePage } from "../fixtures/browser.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { AMIIBO_LINK_ID } from "../fixtures/nfc-toys.ts";
import { TestPcscd, usePrivatePcscd } from "../fixtures/pcscd.ts";
import { readerServiceConfig } from "../fixtures/reader-service-config.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { VirtualNtag } from "../fixtures/virtual-ntag.ts";

const pcscd = new TestPcscd();
let root: string;
let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let page: Page;
let emu: { script: string; record: string };
const card = new VirtualNtag(Uint8Array.of(0x04, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f)).asAmiibo();

async function tap(): Promise<void> {
  const from = rpc.notifications.length;
  await card.insert(pcscd.port);
  await waitFor(() => rpc.notifications.slice(from).some((n) => n.method === "tokens.added"), "the tap");
}

async function lift(): Promise<void> {
  const from = rpc.notifications.length;
  await card.remove();
  await waitFor(() => rpc.notifications.slice(from).some((n) => n.method === "tokens.removed"), "the removal");
}

beforeAll(async () => {
  usePrivatePcscd();
  await pcscd.start();
  root = tempDir("tapserve-web-toys-");
  writeFiles(root, ["roms/NES/Zelda.nes"]);
  emu = writeEmulator(join(root, "emu"));
  svc = await startService({ configToml: readerServiceConfig({ root, emulator: { id: "ToyEmu", script: emu.script, extensions: [".nes"], systems: ["NES"] } }) });
  rpc = await svc.connect();
  await waitFor(async () => (await rpc.call<{ readers: Array<{ driver: string }> }>("readers")).readers.some((r) => r.driver === "pcsc"), "the virtual reader");
  browser = await launchChromium();
  page = await phonePage(browser);
  await page.goto(`${svc.http}/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await rpc?.call("stop").catch(() => {});
  await svc?.stop();
  await pcscd.dispose();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("an Amiibo in the web app", () => {
  test("Home names the scan by the figure; the mapping made from it matches the figure id and launches its game; History names it", async () => {
    await tap();
    await page.getByTestId("last-token").filter({ hasText: `Amiibo ${AMIIBO_LINK_ID}` }).waitFor();
    await goToScreen(page, "Mappings");
    await page.getByRole("button", { name: "Map the last scanned tag" }).click();
    await expect(page.getByLabel("Match on").inputValue()).resolves.toBe("data");
    await expect(page.getByLabel("Pattern").inputValue()).resolves.toBe(AMIIBO_LINK_ID);
    await page.getByLabel("Launch instead").fill("NES/Zelda.nes");
    await page.getByRole("button", { name: "Save mapping" }).click();
    await page.getByTestId("mappings").filter({ hasText: AMIIBO_LINK_ID }).waitFor();
    await lift();
    await tap();
    const launched = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the launcher's record");
    expect(launched[1]).toBe(join(root, "roms/NES/Zelda.nes"));
    await goToScreen(page, "History");
    await page.getByTestId("history").getByRole("listitem").filter({ hasText: `Amiibo ${AMIIBO_LINK_ID}` }).first().waitFor();
  });
});
