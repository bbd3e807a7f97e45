import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runChild } from "../fixtures/process.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc.stop();
});

describe("CLI client commands against a running service", () => {
  test("call version prints the result as JSON", async () => {
    const child = runChild(["call", "version", "--port", String(svc.port)]);
    expect((await child.exited).code).toBe(0);
    const out = JSON.parse(child.output());
    expect(out.platform).toBeString();
    expect(out.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  test("call with params, and with --url", async () => {
    const child = runChild(["call", "settings.update", '{"debug":true}', "--url", svc.url]);
    expect((await child.exited).code).toBe(0);
    expect(child.output().trim()).toBe("null");
  });

  test("a bad JSON argument is a clear error with exit code 2", async () => {
    const child = runChild(["call", "settings.update", "{debug:", "--port", String(svc.port)]);
    expect((await child.exited).code).toBe(2);
    expect(child.output()).toContain("not valid JSON");
  });

  test("an unknown method prints the -32601 message and exits 1", async () => {
    const child = runChild(["call", "no.such", "--port", String(svc.port)]);
    expect((await child.exited).code).toBe(1);
    expect(child.output()).toContain("method not found: no.such");
  });

  test("a service that is not running is reported, exit 3", async () => {
    const child = runChild(["call", "version", "--url", "ws://127.0.0.1:1/"]);
    expect((await child.exited).code).toBe(3);
    expect(child.output()).toContain("cannot reach the service");
  });

  test("--help lists the subcommands", async () => {
    const child = runChild(["--help"]);
    await child.exited;
    expect(child.output()).toContain("call");
    expect(child.output()).toContain("watch");
  });
});
