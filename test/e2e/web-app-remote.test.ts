/**
 * The web app from a second host: Chromium runs inside a network namespace (veth pair made and removed here),
 * so the service sees a LAN address, not loopback. The page must pair with a PIN the device hands out, then
 * speak only the secure layer: every WebSocket frame the browser sends or receives is checked for plaintext.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { checkScreen, launchChromium, phonePage } from "../fixtures/browser.ts";
import { isAlive, waitFor } from "../fixtures/launch-env.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { createWebEnv, type WebEnv } from "../fixtures/web-env.ts";

let env: WebEnv;
let svc: TestService;
let rpc: RpcClient;
let ns: NetNamespace;
let browser: Browser;
let page: Page;
/** Every WebSocket frame the page sent or received, as it crossed the wire. */
const frames: Array<{ dir: "sent" | "received"; payload: string }> = [];

beforeAll(async () => {
  env = createWebEnv();
  svc = await startService({ configToml: env.configToml, dataDir: env.root, host: "0.0.0.0" });
  rpc = await svc.connect();
  await rpc.call("media.index");
  await waitFor(async () => (await rpc.call<{ database: { exists: boolean; indexing: boolean } }>("media")).database.exists, "media index", 30_000);
  ns = createNetNamespace();
  browser = await launchChromium({ netns: ns.name });
  page = await phonePage(browser);
  page.on("websocket", (ws) => {
    ws.on("framesent", (f) => frames.push({ dir: "sent", payload: String(f.payload) }));
    ws.on("framereceived", (f) => frames.push({ dir: "received", payload: String(f.payload) }));
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  ns?.remove();
  await rpc?.call("stop").catch(() => {});
  await svc?.stop();
  env?.remove();
});

async function pinFromDevice(): Promise<string> {
  return (await rpc.call<{ pin: string }>("clients.pair.start")).pin;
}

describe("the web app on a phone elsewhere on the LAN", () => {
  test("the page opens from the namespace address and asks to pair; that first load is at most 80 KB compressed", async () => {
    const bodies: Promise<number>[] = [];
    const count = (req: import("playwright-core").Request) => bodies.push(req.sizes().then((s) => s.responseBodySize));
    page.on("requestfinished", count);
    await page.goto(`http://${ns.hostAddress}:${svc.port}/`, { waitUntil: "networkidle" });
    expect(page.url()).toBe(`http://${ns.hostAddress}:${svc.port}/app/`);
    await page.getByRole("heading", { level: 1, name: "Pair this browser" }).waitFor();
    expect(await page.getByRole("navigation").count()).toBe(0); // nothing else works before pairing
    page.off("requestfinished", count);
    // the phone's first load carries what the device's own page does not: the pairing math
    const total = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    expect(total).toBeLessThanOrEqual(80 * 1024);
    await checkScreen(page, "pair");
  });

  test("a wrong PIN is refused with a clear message", async () => {
    const pin = await pinFromDevice();
    const wrong = pin.replace(/^./, (d) => String((Number(d) + 1) % 10));
    await page.getByLabel("PIN").fill(wrong);
    await page.getByRole("button", { name: "Pair" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong PIN. Check the PIN shown on the device and try again." }).waitFor();
    await checkScreen(page, "pair-wrong-pin");
    expect((await rpc.call<{ clients: unknown[] }>("clients")).clients).toEqual([]);
  });

  test("the right PIN pairs; the device lists the browser as a client", async () => {
    const pin = await pinFromDevice();
    await page.getByLabel("PIN").fill(pin);
    await page.getByLabel("Name for this browser").fill("Kitchen phone");
    await page.getByRole("button", { name: "Pair" }).click();
    await page.getByText("This browser is paired and connected.").waitFor();
    await page.getByRole("navigation").waitFor();
    const { clients } = await rpc.call<{ clients: Array<{ name: string; address?: string }> }>("clients");
    expect(clients.map((c) => c.name)).toEqual(["Kitchen phone"]);
    await page.getByRole("button", { name: "Go to Home" }).click();
    await page.getByTestId("version").filter({ hasText: /tapserve \S+ on linux/ }).waitFor();
    expect((await rpc.call<{ clients: Array<{ address?: string }> }>("clients")).clients[0]?.address).toBe(ns.nsAddress);
  });

  test("it searches and launches a game over the encrypted session", async () => {
    await page.getByRole("navigation").getByRole("link", { name: "Search", exact: true }).click();
    await page.getByLabel("System").selectOption("SNES");
    await page.getByLabel("Game name").pressSequentially("donkey");
    const row = page.getByTestId("results").getByRole("listitem").filter({ hasText: "Donkey Kong Country (USA)" });
    await row.waitFor();
    await checkScreen(page, "remote-search");
    await row.getByRole("button", { name: "Launch Donkey Kong Country (USA)" }).click();
    await waitFor(() => existsSync(env.emu.record), "launcher start");
    const [pid, path] = readFileSync(env.emu.record, "utf8").trim().split("\n");
    rmSync(env.emu.record);
    expect(path).toBe(join(env.root, "games/SNES/Donkey Kong Country (USA).sfc"));
    expect(isAlive(Number(pid))).toBe(true);
    await page.getByRole("navigation").getByRole("link", { name: "Home", exact: true }).click();
    await page.getByTestId("now-playing").filter({ hasText: "Donkey Kong Country (USA)" }).waitFor();
    await page.getByRole("button", { name: "Stop" }).click();
    await waitFor(() => !isAlive(Number(pid)), "launcher exit");
  });

  test("every frame on the wire was sealed: no JSON-RPC, no method names, no game names", async () => {
    const sent = frames.filter((f) => f.dir === "sent");
    const received = frames.filter((f) => f.dir === "received");
    expect(sent.length).toBeGreaterThan(5);
    expect(received.length).toBeGreaterThan(5);
    for (const f of frames) {
      const keys = Object.keys(JSON.parse(f.payload) as object).sort();
      expect([["e"], ["e", "s", "t", "v"]]).toContainEqual(keys);
      for (const word of ["jsonrpc", "media.search", "launch", "version", "Donkey", "SNES", "tokens"]) expect(f.payload).not.toContain(word);
    }
    // the first frame of each socket opens the session; the device's replies are all envelopes
    expect(received.every((f) => Object.keys(JSON.parse(f.payload) as object).join() === "e")).toBe(true);
  });

  test("over https (TLS configured) the page is anonymous: no pairing, JSON-RPC inside TLS", async () => {
    const certDir = tempDir("tapserve-web-cert-");
    const cert = join(certDir, "cert.pem");
    const key = join(certDir, "key.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=tapserve-test"], { stdio: "ignore" });
    const tls = await startService({ host: "0.0.0.0", configToml: `${env.configToml}[service]\ntls_cert = "${cert}"\ntls_key = "${key}"\n` });
    const other = await phonePage(browser, { ignoreHTTPSErrors: true });
    const plain: string[] = [];
    other.on("websocket", (ws) => ws.on("framesent", (f) => plain.push(String(f.payload))));
    try {
      await other.goto(`https://${ns.hostAddress}:${tls.port}/`);
      await other.getByTestId("version").filter({ hasText: /tapserve \S+ on linux/ }).waitFor();
      await expect(other.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Home");
      expect(plain.some((f) => f.includes('"method":"version"'))).toBe(true);
    } finally {
      await other.context().close();
      await tls.stop();
      rmSync(certDir, { recursive: true, force: true });
    }
  });

  test("'Forget this device' removes the credentials and the page asks to pair again", async () => {
    await page.getByRole("navigation").getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByText("Paired with this device as “Kitchen phone”.").waitFor();
    await checkScreen(page, "remote-settings");
    await page.getByRole("button", { name: "Forget this device" }).click();
    await page.getByRole("heading", { level: 1, name: "Pair this browser" }).waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
