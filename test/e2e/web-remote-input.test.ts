/**
 * The web app's Remote screen in a real browser (Debian's Chromium, 360×640) against the real service on loopback.
 * These machines have no /dev/uinput: every request must still reach the service over the page's WebSocket,
 * in the service's key syntax, and the service's 1005 answer and its reason must be what the player reads.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium, PHONE, phonePage, screenshot, seriousViolations } from "../fixtures/browser.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import { createWebEnv, type WebEnv } from "../fixtures/web-env.ts";

let env: WebEnv;
let svc: TestService;
let rpc: RpcClient;
let browser: Browser;
let page: Page;

interface Frame {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  error?: { code: number; message: string };
}
/** Every JSON-RPC frame the page sent, and every answer it received, in order. */
const sent: Frame[] = [];
const received: Frame[] = [];

beforeAll(async () => {
  env = createWebEnv();
  svc = await startService({ configToml: env.configToml, dataDir: env.root });
  rpc = await svc.connect();
  browser = await launchChromium();
  page = await phonePage(browser);
  const parse = (payload: string | Buffer): Frame | undefined => {
    try {
      return JSON.parse(String(payload)) as Frame;
    } catch {
      return undefined;
    }
  };
  page.on("websocket", (ws) => {
    ws.on("framesent", (f) => {
      const m = parse(f.payload);
      if (m) sent.push(m);
    });
    ws.on("framereceived", (f) => {
      const m = parse(f.payload);
      if (m) received.push(m);
    });
  });
  await page.goto(`${svc.http}/app/remote`);
  await page.getByRole("heading", { level: 1, name: "Remote" }).waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await rpc?.call("stop").catch(() => {});
  await svc?.stop();
  env?.remove();
});

/** The request for `method` the page sent last, and the service's answer to it. */
async function lastCall(method: string): Promise<{ request: Frame; answer: Frame }> {
  let request: Frame | undefined;
  let answer: Frame | undefined;
  await waitFor(() => {
    request = sent.findLast((f) => f.method === method);
    answer = request && received.find((f) => f.id === request!.id && f.method === undefined);
    return answer !== undefined;
  }, `answer to ${method}`);
  return { request: request!, answer: answer! };
}

/** What the service itself says to the same call, as the reason the page must show. */
async function serviceReason(method: string, params: Record<string, unknown>): Promise<string> {
  const err = await rpc.call(method, params).then(
    () => undefined,
    (e: Error & { code?: number }) => e,
  );
  expect(err).toBeDefined();
  expect(err!.code).toBe(1005);
  return err!.message.replace(`${method}: `, "");
}

describe("the Remote screen on a machine without /dev/uinput", () => {
  test("the navigation at phone width keeps every screen reachable, Remote included, without covering the content", async () => {
    const links = page.getByRole("navigation").getByRole("link");
    const names = await links.allTextContents();
    expect(names).toContain("Remote");
    const boxes = await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height })));
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(PHONE.width);
      expect(b.bottom).toBeLessThanOrEqual(PHONE.height);
      expect(b.height).toBeGreaterThanOrEqual(44); // a finger-sized target
    }
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBeLessThanOrEqual(2); // at most two rows
    // the last thing on the screen scrolls clear of the fixed navigation
    await page.getByRole("button", { name: "Start" }).scrollIntoViewIfNeeded();
    const start = await page.getByRole("button", { name: "Start" }).boundingBox();
    const navTop = await page.getByRole("navigation").evaluate((n) => n.getBoundingClientRect().top);
    expect(start!.y + start!.height).toBeLessThanOrEqual(navTop);
  });

  test("a key sends input.keyboard {keys: '{esc}'}; the service's 1005 reason is shown", async () => {
    await page.getByRole("button", { name: "Esc", exact: true }).click();
    const { request, answer } = await lastCall("input.keyboard");
    expect(request.params).toEqual({ keys: "{esc}" });
    expect(answer.error?.code).toBe(1005);
    const reason = await serviceReason("input.keyboard", { keys: "{esc}" });
    expect(reason).toMatch(/uinput|not supported/);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect((await alert.textContent())!.toLowerCase()).toContain(reason.toLowerCase().replace(/[.]$/, ""));
    const violations = await seriousViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
    await screenshot(page, "remote-no-uinput");
  });

  test("typed text goes as itself in the key syntax: braces and backslashes escaped", async () => {
    await page.getByLabel("Text to type").fill("Hi {x}\\");
    await page.getByRole("button", { name: "Type", exact: true }).click();
    const { request, answer } = await lastCall("input.keyboard");
    expect(request.params).toEqual({ keys: "Hi \\{x}\\\\" });
    expect(answer.error?.code).toBe(1005);
  });

  test("a gamepad button sends input.gamepad {buttons}; the reason is shown and axe passes", async () => {
    for (const [name, buttons] of [
      ["D-pad up", "^"],
      ["A", "A"],
      ["Start", "{start}"],
    ] as const) {
      const before = sent.length;
      await page.getByRole("group", { name: "Gamepad buttons" }).getByRole("button", { name, exact: true }).click();
      await waitFor(() => sent.slice(before).some((f) => f.method === "input.gamepad"), `input.gamepad for ${name}`);
      const { request, answer } = await lastCall("input.gamepad");
      expect(request.params).toEqual({ buttons });
      expect(answer.error?.code).toBe(1005);
    }
    const reason = await serviceReason("input.gamepad", { buttons: "A" });
    expect(reason).toContain("gamepad");
    await page.getByRole("alert").filter({ hasText: /gamepad/i }).waitFor();
    const violations = await seriousViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
  });
});
