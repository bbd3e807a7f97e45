import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { waitFor } from "../fixtures/launch-env.ts";
import { createNetNamespace, type NetNamespace } from "../fixtures/netns.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";
import type { HistoryEntry as Entry } from "../../src/core/wire/index.ts";

let svc: TestService;
let client: RpcClient;
let ns: NetNamespace;

const entries = async () => (await client.call<{ entries: Entry[] }>("tokens.history")).entries;

async function newestAfter(count: number): Promise<Entry> {
  return waitFor(async () => {
    const e = await entries();
    return e.length > count ? e[0] : undefined;
  }, "history entry");
}

/** GET from the second host (the namespace) with curl; returns status and body. */
async function remoteGet(path: string): Promise<{ status: number; body: string }> {
  const r = await ns.run(["curl", "-s", "-o", "-", "-w", "\n%{http_code}", `http://${ns.hostAddress}:${svc.port}${path}`], { timeoutMs: 15_000 });
  const lines = r.stdout.trimEnd().split("\n");
  return { status: Number(lines.pop()), body: lines.join("\n") };
}

beforeAll(async () => {
  ns = createNetNamespace();
  svc = await startService({ host: "0.0.0.0" });
  client = await svc.connect();
});
afterAll(async () => {
  await svc?.stop();
  ns?.remove();
});

describe("GET /l/<script> from the device itself", () => {
  test.each(["/l/", "/run/", "/r/"])("%s runs the URL-decoded script as a scanned token", async (prefix) => {
    const before = (await entries()).length;
    const res = await fetch(`${svc.http}${prefix}**echo:hi%20there`);
    expect(res.status).toBe(200);
    expect(await newestAfter(before)).toMatchObject({ type: "http", text: "**echo:hi there", success: true });
  });

  test("the path is decoded exactly once, and the query string belongs to the script", async () => {
    let before = (await entries()).length;
    await fetch(`${svc.http}/l/**echo:a%252Fb`);
    expect((await newestAfter(before)).text).toBe("**echo:a%2Fb");
    before = (await entries()).length;
    await fetch(`${svc.http}/l/**echo:x?when=1`);
    expect((await newestAfter(before)).text).toBe("**echo:x?when=1");
  });

  test("a failing script still answers 200 (the launch is queued) and is recorded as failed", async () => {
    const before = (await entries()).length;
    expect((await fetch(`${svc.http}/l/**nosuch`)).status).toBe(200);
    expect(await newestAfter(before)).toMatchObject({ text: "**nosuch", success: false });
  });

  test("an empty script or bad encoding is a 400", async () => {
    expect((await fetch(`${svc.http}/l/`)).status).toBe(400);
    expect((await fetch(`${svc.http}/l/%E0%A4%A`)).status).toBe(400);
  });
});

describe("GET /l/ from another host (network namespace over a veth pair)", () => {
  test("refused with 403 and a short message unless allow_launch permits the address", async () => {
    const before = (await entries()).length;
    const r = await remoteGet("/l/**echo:remote");
    expect(r.status).toBe(403);
    expect(r.body).toContain("allow_launch");
    await Bun.sleep(100);
    expect((await entries()).length).toBe(before);
  });

  test.each([() => ns.nsAddress, () => "10.213.0.0/16", () => "*"])("allowed by entry %#", async (entry) => {
    svc.app.config.update((d) => {
      d.service.allow_launch = [entry()];
    });
    const before = (await entries()).length;
    const r = await remoteGet("/l/**echo:remote%20ok");
    expect(r.status).toBe(200);
    expect(await newestAfter(before)).toMatchObject({ type: "http", text: "**echo:remote ok", success: true });
  });

  test("an allow list that does not cover the address refuses again", async () => {
    svc.app.config.update((d) => {
      d.service.allow_launch = ["192.0.2.0/24"];
    });
    expect((await remoteGet("/r/**echo:nope")).status).toBe(403);
  });
});
