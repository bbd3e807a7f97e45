/**
 * Issue 20 item 1 in a real browser (Debian's Chromium): a page served from another loopback port (a foreign
 * origin, as any site opened on the device is) tries the service's WebSocket, a text/plain POST to /api (no
 * preflight needed) and an image pointing at /l/: nothing opens, nothing is created, nothing launches. The
 * service's own page, same-origin, opens its WebSocket and posts JSON.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createServer, type Server } from "node:http";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../fixtures/browser.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import type { HistoryEntry } from "../../src/core/wire/index.ts";

let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let evil: Server;
let evilPort: number;

beforeAll(async () => {
  svc = await startService();
  rpc = await svc.connect();
  evil = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>some site</title>"));
  await new Promise<void>((r) => evil.listen(0, "127.0.0.1", r));
  evilPort = (evil.address() as { port: number }).port;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  evil?.close();
  await svc?.stop();
});

/** In the page: opens a WebSocket and says whether it opened; posts a body and says what the page could see. */
async function attempt(page: Page, port: number, contentType: string) {
  return page.evaluate(
    async ({ port, contentType }) => {
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
        ws.onopen = () => {
          ws.close();
          resolve("open");
        };
        ws.onerror = () => resolve("error");
      });
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "mappings.new", params: { type: "text", match: "exact", pattern: "p", override: "**echo:pwned", enabled: true } });
      let post: string;
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api`, { method: "POST", mode: "no-cors", headers: { "content-type": contentType }, body });
        post = r.type === "opaque" ? "opaque" : String(r.status);
      } catch {
        post = "error";
      }
      const image = await new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve("load");
        img.onerror = () => resolve("error");
        img.src = `http://127.0.0.1:${port}/l/**echo:from-image`;
      });
      return { socket, post, image };
    },
    { port, contentType },
  );
}

const mappings = async () => (await rpc.call<{ mappings: unknown[] }>("mappings")).mappings.length;
const launched = async () => (await rpc.call<{ entries: HistoryEntry[] }>("tokens.history")).entries.filter((e) => e.text.includes("from-image")).length;

test("a page from another origin gets no socket, creates no mapping and launches nothing", async () => {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${evilPort}/`);
  const before = await mappings();
  const seen = await attempt(page, svc.port, "text/plain");
  expect(seen.socket).toBe("error");
  expect(seen.image).toBe("error");
  expect(await mappings()).toBe(before);
  expect(await launched()).toBe(0);
  await page.close();
}, 60_000);

test("the service's own page, same origin, opens its WebSocket and posts JSON", async () => {
  const page = await browser.newPage();
  await page.goto(`${svc.http}/health`);
  const seen = await page.evaluate(async (port) => {
    const socket = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
      ws.onopen = () => {
        ws.close();
        resolve("open");
      };
      ws.onerror = () => resolve("error");
    });
    const r = await fetch("/api", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "version" }) });
    return { socket, status: r.status, version: ((await r.json()) as { result: { version: string } }).result.version };
  }, svc.port);
  expect(seen.socket).toBe("open");
  expect(seen.status).toBe(200);
  expect(seen.version).toBeString();
  await page.close();
}, 60_000);

test("the same page once its origin is listed in service.allowed_origins gets its socket (the refusals above were the rule)", async () => {
  const listed = await startService({ configToml: `[service]\nallowed_origins = ["http://127.0.0.1:${evilPort}"]\n` });
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${evilPort}/`);
    const seen = await attempt(page, listed.port, "text/plain");
    expect(seen.socket).toBe("open");
    expect(seen.image).toBe("error"); // /l/ answers text, not an image; the launch itself is the cross-site rule's business
  } finally {
    await page.close();
    await listed.stop();
  }
}, 60_000);
