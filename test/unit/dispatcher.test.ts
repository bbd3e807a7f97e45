import { describe, expect, test } from "bun:test";
import { type } from "arktype";
import { Dispatcher } from "../../src/api/rpc/dispatcher.ts";
import { RpcError } from "../../src/api/rpc/errors.ts";
import { defineMethod } from "../../src/api/rpc/method.ts";

const local = { peer: { remoteAddress: "127.0.0.1", secure: false }, local: true, transport: "ws" as const };
const remote = { peer: { remoteAddress: "192.0.2.7", secure: false }, local: false, transport: "ws" as const };

function slowAndFast() {
  let releaseSlow: () => void = () => {};
  const gate = new Promise<void>((r) => (releaseSlow = r));
  const d = new Dispatcher([
    defineMethod({ name: "slow", summary: "", params: null, handler: async () => (await gate, "slow") }),
    defineMethod({ name: "fast", summary: "", params: null, handler: () => "fast" }),
    defineMethod({
      name: "echo",
      summary: "",
      params: type({ "+": "delete", text: "string", "n?": "number" }),
      handler: (p) => p,
    }),
    defineMethod({ name: "boom", summary: "", params: null, handler: () => { throw new Error("secret detail"); } }),
    defineMethod({ name: "domain", summary: "", params: null, handler: () => { throw new RpcError(1001, "mapping not found"); } }),
    defineMethod({ name: "mine", summary: "", params: null, localOnly: true, handler: () => "ok" }),
  ]);
  return { d, releaseSlow };
}

describe("dispatcher", () => {
  test("a slow method does not hold back a later request", async () => {
    const { d, releaseSlow } = slowAndFast();
    const order: string[] = [];
    const slow = d.handleText('{"jsonrpc":"2.0","id":1,"method":"slow"}', local).then((r) => order.push(`slow:${r}`));
    const fast = d.handleText('{"jsonrpc":"2.0","id":2,"method":"fast"}', local).then((r) => order.push(`fast:${r}`));
    await fast;
    expect(order).toHaveLength(1);
    expect(order[0]).toContain('"fast"');
    releaseSlow();
    await slow;
    expect(order).toHaveLength(2);
  });

  test("undeclared params keys are dropped, declared ones validated", async () => {
    const { d } = slowAndFast();
    const ok = JSON.parse((await d.handleText('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"text":"a","extra":true}}', local))!);
    expect(ok.result).toEqual({ text: "a" });
    const bad = JSON.parse((await d.handleText('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"text":1,"n":"x"}}', local))!);
    expect(bad.error.code).toBe(-32602);
    expect(bad.error.message).toContain("text");
    expect(bad.error.message).toContain("n must be a number");
  });

  test("unexpected failures are -32603 without detail; domain failures keep their code", async () => {
    const { d } = slowAndFast();
    const boom = JSON.parse((await d.handleText('{"jsonrpc":"2.0","id":1,"method":"boom"}', local))!);
    expect(boom.error).toEqual({ code: -32603, message: "internal error" });
    const dom = JSON.parse((await d.handleText('{"jsonrpc":"2.0","id":1,"method":"domain"}', local))!);
    expect(dom.error).toEqual({ code: 1001, message: "mapping not found" });
  });

  test("device-only methods are refused to remote callers", async () => {
    const { d } = slowAndFast();
    const r = JSON.parse((await d.handleText('{"jsonrpc":"2.0","id":1,"method":"mine"}', remote))!);
    expect(r.error.code).toBe(-32003);
    const ok = JSON.parse((await d.handleText('{"jsonrpc":"2.0","id":1,"method":"mine"}', local))!);
    expect(ok.result).toBe("ok");
  });

  test("results never carry null for undefined", async () => {
    const d = new Dispatcher([defineMethod({ name: "void", summary: "", params: null, handler: () => undefined })]);
    const r = JSON.parse((await d.handleText('{"jsonrpc":"2.0","id":1,"method":"void"}', local))!);
    expect(r).toEqual({ jsonrpc: "2.0", id: 1, result: null });
  });
});
