/**
 * The device's web app in a real browser (Debian's Chromium, 360×640) against the real service on loopback:
 * a real media index, a file reader, a custom launcher script as the emulator. Every screen is checked with
 * axe-core and photographed into test-output/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { checkScreen, goToScreen, launchChromium, PHONE, phonePage, screenshot, seriousViolations } from "../fixtures/browser.ts";
import { isAlive, waitFor } from "../fixtures/launch-env.ts";
import { freePort, ROOT, runChild, waitHealthy } from "../fixtures/process.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { createWebEnv, type WebEnv } from "../fixtures/web-env.ts";

let env: WebEnv;
let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  env = createWebEnv({ treeFiles: 60_000 });
  svc = await startService({ configToml: env.configToml, dataDir: env.root });
  rpc = await svc.connect();
  browser = await launchChromium();
  page = await phonePage(browser);
  await page.goto(`${svc.http}/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await rpc?.call("stop").catch(() => {});
  await svc?.stop();
  env?.remove();
});

/** The launcher script's last start: its pid and the path it was given. */
async function launched(): Promise<{ pid: number; path: string }> {
  await waitFor(() => existsSync(env.emu.record), "launcher start");
  const [pid, path] = readFileSync(env.emu.record, "utf8").trim().split("\n");
  rmSync(env.emu.record);
  return { pid: Number(pid), path: path! };
}

/** A tag on the file reader: the previous one leaves first (the reader must see it gone), then `text` arrives. */
async function scan(text: string): Promise<void> {
  writeFileSync(env.tokenFile, "");
  await waitFor(async () => (await rpc.call<{ active: unknown[] }>("tokens")).active.length === 0, "tag removed");
  writeFileSync(env.tokenFile, text);
}

describe("the web app at phone size", () => {
  test("the page loads from the running service and Home shows version, platform and the reader", async () => {
    expect(page.url()).toBe(`${svc.http}/app/`);
    await expect(page.getByTestId("version").textContent()).resolves.toBeString();
    await page.getByTestId("version").filter({ hasText: /tapserve \S+ on linux/ }).waitFor();
    await page.getByTestId("readers").filter({ hasText: "connected" }).waitFor();
    await checkScreen(page, "home");
  });

  test("the whole first load is at most 80 KB compressed, every file precompressed", async () => {
    const fresh = await phonePage(browser); // a context of its own: empty cache
    const files: Array<{ url: string; encoding: string | undefined; bytes: number }> = [];
    fresh.on("requestfinished", async (req) => {
      const res = await req.response();
      files.push({ url: req.url(), encoding: res?.headers()["content-encoding"], bytes: (await req.sizes()).responseBodySize });
    });
    try {
      await fresh.goto(`${svc.http}/`, { waitUntil: "networkidle" });
      await fresh.getByTestId("version").filter({ hasText: "tapserve" }).waitFor();
      const assets = files.filter((f) => new URL(f.url).pathname.startsWith("/app/"));
      expect(assets.map((f) => new URL(f.url).pathname)).toEqual(expect.arrayContaining(["/app/", expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]));
      for (const f of assets) expect(["br", "gzip"]).toContain(f.encoding!);
      const total = files.reduce((s, f) => s + f.bytes, 0);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(80 * 1024);
    } finally {
      await fresh.context().close();
    }
  });

  test("Update index shows a progress bar that moves and ends with the total", async () => {
    await goToScreen(page, "Library");
    await page.evaluate(() => {
      const bar = document.querySelector("[data-testid=index-progress]") as HTMLProgressElement;
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      new MutationObserver(() => seen.push(bar.value / bar.max)).observe(bar, { attributes: true });
    });
    await page.getByRole("button", { name: "Update index" }).click();
    const total = env.totalFiles.toLocaleString("en-US");
    await page.getByTestId("index-status").filter({ hasText: `${total} media indexed` }).waitFor({ timeout: 30_000 });
    const seen = (await page.evaluate(() => (window as unknown as { seen: number[] }).seen)) as number[];
    expect(seen.some((f) => f > 0 && f < 1)).toBe(true);
    expect(seen.at(-1)).toBe(1);
    await page.getByTestId("systems").filter({ hasText: "SNES" }).waitFor();
    await checkScreen(page, "library");
  });

  test("a search finds an indexed game without layout shift; Launch starts the launcher and Stop ends it", async () => {
    await goToScreen(page, "Search");
    await page.evaluate(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.cls += e.value;
      }).observe({ type: "layout-shift", buffered: false });
    });
    // the generated tree has many Mario-ish names in other systems: the systems filter narrows to SNES
    await page.getByLabel("System").selectOption("SNES");
    await page.getByLabel("Game name").pressSequentially("mario wor");
    const row = page.getByTestId("results").getByRole("listitem").filter({ hasText: "Super Mario World (USA)" });
    await row.waitFor();
    await page.getByTestId("result-count").filter({ hasText: "1 result" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.01);
    await row.getByRole("button", { name: /^QR code/ }).click();
    await expect(row.getByRole("img", { name: /QR code that launches/ }).count()).resolves.toBe(1);
    await expect(row.textContent()).resolves.toContain(`${svc.http}/l/`);
    await checkScreen(page, "search");
    await row.getByRole("button", { name: "Launch Super Mario World (USA)" }).click();
    const run = await launched();
    expect(run.path).toBe(join(env.root, "games/SNES/Super Mario World (USA).sfc"));
    expect(isAlive(run.pid)).toBe(true);
    await goToScreen(page, "Home");
    await page.getByTestId("now-playing").filter({ hasText: "Super Mario World (USA)" }).waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    await waitFor(() => !isAlive(run.pid), "launcher exit");
    await page.getByTestId("now-playing").filter({ hasText: "Nothing is running" }).waitFor();
  });

  test("a search link (/app/search?q=…) opens with its results", async () => {
    const other = await phonePage(browser);
    try {
      await other.goto(`${svc.http}/app/search?q=${encodeURIComponent("donkey kong country")}`);
      await other.getByTestId("results").getByRole("listitem").filter({ hasText: "Donkey Kong Country (USA)" }).waitFor();
      await expect(other.getByLabel("Game name").inputValue()).resolves.toBe("donkey kong country");
      // a common word: the first screenful, then more on request
      await other.getByLabel("Game name").fill("mario");
      const rows = other.getByTestId("results").getByRole("listitem");
      await other.getByTestId("result-count").filter({ hasText: /results, showing 20$/ }).waitFor();
      expect(await rows.count()).toBe(20);
      await other.getByRole("button", { name: "Show more results" }).click();
      await other.getByTestId("result-count").filter({ hasText: /results, showing 70$/ }).waitFor();
      expect(await rows.count()).toBe(70);
      expect(other.url()).toBe(`${svc.http}/app/search?q=mario`);
      // a typo: the closest indexed words are searched, and the page says so
      await other.getByLabel("Game name").fill("donkey kogn contry");
      await other.getByTestId("corrected-query").filter({ hasText: "showing results for “donkey kong country”" }).waitFor();
      await other.getByTestId("results").getByRole("listitem").filter({ hasText: "Donkey Kong Country (USA)" }).first().waitFor();
    } finally {
      await other.context().close();
    }
  });

  test("a file-reader token appears on Home without a reload", async () => {
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await scan("toy-42");
    await page.getByTestId("last-token").filter({ hasText: "toy-42" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  test("'map the last scanned tag' creates a mapping that then rewrites a launch; the override is checked as the CLI does", async () => {
    await goToScreen(page, "Mappings");
    await page.getByRole("button", { name: "Map the last scanned tag" }).click();
    await expect(page.getByLabel("Pattern").inputValue()).resolves.toBe("toy-42");
    const broken = '**echo:"open';
    await page.getByLabel("Launch instead").fill(broken);
    const cli = spawnSync(join(ROOT, "node_modules/.bin/bun"), [join(ROOT, "src/main.ts"), "parse", broken], { encoding: "utf8" });
    const cliError = JSON.parse(cli.stdout).error as string;
    await expect(page.getByTestId("override-check").textContent()).resolves.toBe(`This launch script will not run: ${cliError}.`);
    await expect(page.getByRole("button", { name: "Save mapping" }).isDisabled()).resolves.toBe(true);
    await page.getByTestId("override-check").scrollIntoViewIfNeeded();
    await checkScreen(page, "mapping-editor");
    await page.getByLabel("Launch instead").fill("@Genesis/Sonic The Hedgehog (World)");
    await page.getByRole("button", { name: "Save mapping" }).click();
    await page.getByTestId("mappings").filter({ hasText: "toy-42" }).waitFor();
    // edit: a label of the player's own
    await page.getByRole("button", { name: /^Edit / }).click();
    await page.getByLabel("Label").fill("Sonic figure");
    await page.getByRole("button", { name: "Save mapping" }).click();
    await page.getByTestId("mappings").filter({ hasText: "Sonic figure" }).waitFor();
    await checkScreen(page, "mappings");
    await scan("toy-42");
    const run = await launched();
    expect(run.path).toBe(join(env.root, "games/Genesis/Sonic The Hedgehog (World).md"));
    await rpc.call("stop");
    // disable, then delete, from the list
    await page.getByTestId("mappings").getByLabel("Enabled").uncheck();
    await waitFor(async () => (await rpc.call<{ mappings: Array<{ enabled: boolean }> }>("mappings")).mappings[0]?.enabled === false, "mapping disabled");
    await page.getByRole("button", { name: /^Delete / }).click();
    await waitFor(async () => (await rpc.call<{ mappings: unknown[] }>("mappings")).mappings.length === 0, "mapping deleted");
  });

  test("History lists launches newest first with success or failure, and a tap launches again", async () => {
    await goToScreen(page, "History");
    const items = page.getByTestId("history").getByRole("listitem");
    await items.first().waitFor();
    // newest first: the mapped scan (recorded with the script it was rewritten to), then the bare scan of
    // toy-42, which had no mapping and failed
    await expect(items.first().textContent()).resolves.toContain("Sonic The Hedgehog (World)");
    await items.filter({ hasText: "toy-42" }).filter({ hasText: "failed" }).waitFor();
    await checkScreen(page, "history");
    // "Why?" shows the scan trace: toy-42 matched no mapping and names no file under any root
    await items.filter({ hasText: "toy-42" }).first().getByRole("button", { name: /^Why\?/ }).click();
    await expect(page.getByTestId("trace").first().textContent()).resolves.toContain("failed [media_not_found]");
    await checkScreen(page, "history-why");
    await items.filter({ hasText: "toy-42" }).first().getByRole("button", { name: /^Why\?/ }).click();
    await items.filter({ hasText: "Super Mario World" }).first().getByRole("button").first().click();
    const run = await launched();
    expect(run.path).toBe(join(env.root, "games/SNES/Super Mario World (USA).sfc"));
    await rpc.call("stop");
  });

  test("Settings save typed values and show the service's own words on errors; Pair a phone shows a PIN", async () => {
    await goToScreen(page, "Settings");
    const readers = page.getByLabel(/Readers to connect/);
    await readers.fill("bad entry");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("alert").filter({ hasText: 'Reader entries must look like driver:path (got "bad entry").' }).waitFor();
    await readers.fill(`file:${env.tokenFile}`);
    await page.getByLabel("Debug logging").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    expect(await rpc.call("settings")).toMatchObject({ debug: true, reader: [`file:${env.tokenFile}`] });
    await page.getByRole("button", { name: "Pair a phone" }).click();
    await expect(page.getByTestId("pin").textContent()).resolves.toMatch(/^\d{6}$/);
    await checkScreen(page, "settings");
    await page.getByRole("button", { name: "Cancel pairing" }).click();
    await page.getByText("Pairing cancelled.").waitFor();
  });

  test("Write shows the space the text needs, what it would do on this device, and the service's reason when no reader can write", async () => {
    const historyBefore = (await rpc.call<{ entries: unknown[] }>("tokens.history")).entries.length;
    await goToScreen(page, "Write");
    // a text no launcher takes: the dry run says so, with its trace, before anything is written
    await page.getByLabel("Text to write").fill("SNES/Nothing Runs This.xyz");
    const check = page.getByTestId("dry-run");
    await check.filter({ hasText: "Would not work on this device" }).waitFor();
    await expect(check.locator("pre").textContent()).resolves.toContain("Nothing Runs This.xyz");
    await page.getByLabel("Text to write").fill("SNES/Super Mario World (USA).sfc");
    await check.filter({ hasText: "Works on this device" }).waitFor();
    await expect(check.locator("pre").textContent()).resolves.toContain("dry run, nothing launched");
    // dry runs launch nothing and leave no history
    expect((await rpc.call<{ entries: unknown[] }>("tokens.history")).entries.length).toBe(historyBefore);
    await page.getByTestId("tag-space").filter({ hasText: /Needs \d+ bytes on the tag/ }).waitFor();
    await page.getByRole("button", { name: "Write to tag" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).not.toContain("{");
    await checkScreen(page, "write");
  });

  test("a real inbox message (a failed index run) shows a badge; the Inbox lists it and Delete removes it", async () => {
    await goToScreen(page, "Home");
    await expect(page.getByTestId("inbox-badge").count()).resolves.toBe(0);
    const blocker = join(svc.dataDir, "media.db.building");
    mkdirSync(join(blocker, "in-the-way"), { recursive: true }); // the new index file cannot be written
    // a new game, so that the run has a new index to write (an unchanged tree keeps the served one)
    const added = join(env.root, "games/SNES/Inbox Test Game (USA).sfc");
    writeFileSync(added, "");
    try {
      expect((await rpc.request("media.index", { systems: ["SNES"] })).error?.code).toBe(1004);
    } finally {
      rmSync(blocker, { recursive: true, force: true });
      rmSync(added, { force: true });
    }
    const badge = page.getByTestId("inbox-badge");
    await badge.filter({ hasText: "1" }).waitFor();
    await badge.click();
    await page.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
    const item = page.getByTestId("inbox-message").filter({ hasText: "Updating the media database failed" });
    await item.waitFor();
    await expect(item.textContent()).resolves.toContain("Warning");
    await checkScreen(page, "inbox");
    await item.getByRole("button", { name: "Delete: Updating the media database failed" }).click();
    await page.getByText("No messages.").waitFor();
    expect((await rpc.call<{ messages: unknown[] }>("inbox")).messages).toEqual([]);
    await goToScreen(page, "Home");
    await expect(page.getByTestId("inbox-badge").count()).resolves.toBe(0);
  });

  test("Profiles: create a member with a PIN and limits, switch with a wrong then the right PIN, back to shared", async () => {
    await goToScreen(page, "Profiles");
    await page.getByText("Shared profile: nobody in particular.").waitFor();
    // the first profile is the household's admin (the service insists on a PIN for admins)
    await page.getByRole("button", { name: "New profile" }).click();
    let form = page.getByRole("form", { name: "New profile" });
    await form.getByLabel("Name").fill("Parent");
    await form.getByLabel(/^PIN/).fill("9876");
    await form.getByRole("button", { name: "Create profile" }).click();
    await page.getByRole("button", { name: "Switch to Parent" }).waitFor();
    await page.getByRole("button", { name: "New profile" }).click();
    form = page.getByRole("form", { name: "New profile" });
    await form.getByLabel("Name").fill("Sam");
    await form.getByLabel(/^PIN/).fill("1234");
    await form.getByLabel("Daily limit").fill("1h30m");
    await form.getByRole("button", { name: "Create profile" }).click();
    const sam = page.getByTestId("profiles").getByRole("listitem").filter({ hasText: "Sam" });
    await sam.waitFor();
    await expect(sam.textContent()).resolves.toContain("Member · PIN · limits 1h30m a day");
    await checkScreen(page, "profiles");
    await page.getByRole("button", { name: "Switch to Sam" }).click();
    const pin = page.getByRole("form", { name: "PIN for Sam" });
    await pin.getByLabel("PIN for Sam").fill("0000");
    await pin.getByRole("button", { name: "Switch" }).click();
    await page.getByRole("alert").waitFor();
    expect(await rpc.call("profiles.active")).toBeNull();
    await pin.getByLabel("PIN for Sam").fill("1234");
    await pin.getByRole("button", { name: "Switch" }).click();
    await page.getByTestId("active-profile").filter({ hasText: "Playing as Sam (member)." }).waitFor();
    expect(await rpc.call("profiles.active")).toMatchObject({ name: "Sam", role: "member" });
    await page.getByRole("button", { name: "Back to shared" }).click();
    await page.getByText("Shared profile: nobody in particular.").waitFor();
    expect(await rpc.call("profiles.active")).toBeNull();
  });

  test("Playtime: the status shows, and the limits saved on the device are what the API reports", async () => {
    await goToScreen(page, "Playtime");
    await page.getByTestId("playtime-status").getByText("No session running").waitFor();
    const form = page.getByRole("form", { name: "Playtime limits" });
    await form.getByLabel("Limits on").check();
    await form.getByLabel("Session limit").fill("45m");
    await form.getByLabel("Warn before the limit (comma-separated)").fill("10m, 1m");
    await form.getByRole("button", { name: "Save limits" }).click();
    await form.getByText("Limits saved.").waitFor();
    expect(await rpc.call("settings.playtime.limits")).toMatchObject({ enabled: true, session: "45m0s", warnings: ["10m0s", "1m0s"] });
    await checkScreen(page, "playtime");
    await rpc.call("settings.playtime.limits.update", { enabled: false, session: "" });
  });

  test("keyboard: Tab reaches the navigation, Enter opens a screen and focus moves to its heading, focus is visible", async () => {
    await goToScreen(page, "Home");
    const searchLink = page.getByRole("navigation").getByRole("link", { name: "Search" });
    for (let i = 0; i < 30 && !(await searchLink.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await searchLink.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Search" }).waitFor();
    // the screen moves focus to its heading once it has rendered: the heading can be there a moment before
    await page.waitForFunction(() => document.activeElement?.tagName === "H1", null, { timeout: 5000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
  });

  test("the page follows a dark system scheme, still without serious accessibility problems", async () => {
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(dark).not.toBe(light);
    await goToScreen(page, "Home");
    await checkScreen(page, "home-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  test("on a desktop window the navigation is one row and the content keeps a readable width", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await goToScreen(page, "Search");
      await page.getByLabel("Game name").fill("sonic");
      await page.getByTestId("results").getByRole("listitem").first().waitFor();
      const nav = await page.getByRole("navigation").getByRole("link").evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
      expect(new Set(nav).size).toBe(1);
      expect(await page.locator("main").evaluate((m) => m.getBoundingClientRect().width)).toBeLessThanOrEqual(800);
      await checkScreen(page, "desktop-search");
    } finally {
      await page.setViewportSize(PHONE);
    }
  });

  test("when the service goes away a banner says so, and the page reconnects by itself", async () => {
    // a service of its own as a real child process, killed outright (power cut, crash) and started again on
    // the same port and data folder
    const dataDir = tempDir("tapserve-web-offline-");
    const port = await freePort();
    const args = ["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"];
    const env = { TAPSERVE_MDNS: "off" };
    let child = runChild(args, { env });
    const other = await phonePage(browser);
    try {
      await waitHealthy(port, child);
      await other.goto(`http://127.0.0.1:${port}/app/`);
      await other.getByTestId("version").filter({ hasText: "tapserve" }).waitFor();
      child.proc.kill("SIGKILL");
      await child.exited;
      await other.getByRole("alert").filter({ hasText: "The device is not reachable. Reconnecting…" }).waitFor();
      expect((await seriousViolations(other)).map((v) => v.id)).toEqual([]);
      await screenshot(other, "offline");
      child = runChild(args, { env });
      await waitHealthy(port, child);
      await other.getByRole("alert").filter({ hasText: "not reachable" }).waitFor({ state: "detached" });
      await other.getByTestId("version").filter({ hasText: "tapserve" }).waitFor();
    } finally {
      await other.context().close();
      child.proc.kill("SIGKILL");
      await child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
