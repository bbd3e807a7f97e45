/**
 * JSON-RPC frames: the dispatcher answers every frame text with valid JSON-RPC 2.0 responses (or nothing, for
 * notifications), the nesting pre-check agrees with the real depth, and the cheap id reader never disagrees
 * with JSON.parse.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type } from "arktype";
import fc from "fast-check";
import { defaultLimits, Dispatcher } from "../../src/api/rpc/dispatcher.ts";
import { RpcError } from "../../src/api/rpc/errors.ts";
import { exceedsNesting } from "../../src/api/rpc/json-limits.ts";
import { defineMethod } from "../../src/api/rpc/method.ts";
import { requestIdOf } from "../../src/api/rpc/request-id.ts";
import { setConsoleLogging } from "../../src/log.ts";
import { anyText, mutatedText, tokenText } from "./arbitraries.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const caller = { peer: { remoteAddress: "192.0.2.7", secure: false }, local: false, transport: "ws" as const };
const limits = { maxFrameChars: 4096, maxNestingDepth: 8, maxBatchLength: 5 };

const dispatcher = new Dispatcher(
  [
    defineMethod({ name: "echo", summary: "", params: type({ "+": "delete", text: "string", "n?": "number" }), handler: (p) => p }),
    defineMethod({ name: "later", summary: "", params: null, handler: async () => "done" }),
    defineMethod({ name: "refuse", summary: "", params: null, handler: () => { throw new RpcError(1001, "not found"); } }),
    defineMethod({ name: "boom", summary: "", params: null, handler: () => { throw new Error("detail"); } }),
    defineMethod({ name: "mine", summary: "", params: null, localOnly: true, handler: () => "ok" }),
  ],
  limits,
);

// "boom" logs its failure on every call; the fuzz run keeps the console quiet.
beforeAll(() => setConsoleLogging(false));
afterAll(() => setConsoleLogging(true));

const METHODS = ["echo", "later", "refuse", "boom", "mine", "nope", ""];
const idArb = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.constant(null), fc.boolean(), fc.constant(undefined));
const requestArb = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 6, arbitrary: fc.constant("2.0") }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
    id: idArb,
    method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...METHODS) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
    params: fc.oneof(fc.record({ text: fc.oneof(fc.string(), fc.integer()), n: fc.oneof(fc.double(), fc.string()) }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 3 })),
  },
  { requiredKeys: [] },
);
const itemArb = fc.oneof({ weight: 8, arbitrary: requestArb }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
const frameValueArb = fc.oneof(itemArb, fc.array(itemArb, { maxLength: 7 }));

const RPC_TOKENS = ['{"jsonrpc":"2.0"', ',"id":1', ',"id":"a"', ',"id":null', ',"method":"echo"', ',"params":{"text":"x"}', "}", "[", "]", ",", '"', "\\", "{", "1e999", "-0", "null", " "];
const frameTextArb = fc.oneof(
  anyText(),
  tokenText(RPC_TOKENS),
  mutatedText(frameValueArb.map((v) => JSON.stringify(v) ?? "")),
  frameValueArb.map((v) => JSON.stringify(v) ?? ""),
  fc.nat(20).map((n) => "[".repeat(n) + "{}" + "]".repeat(n)),
);

const isValidId = (id: unknown) => id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id));

/** The shape every answer must have: JSON-RPC 2.0, an id, exactly one of result and error. */
function expectResponse(r: unknown): void {
  expect(typeof r === "object" && r !== null && !Array.isArray(r)).toBe(true);
  const o = r as Record<string, unknown>;
  expect(o.jsonrpc).toBe("2.0");
  expect(isValidId(o.id)).toBe(true);
  expect("result" in o !== "error" in o).toBe(true);
  if ("error" in o) {
    const e = o.error as Record<string, unknown>;
    expect(Number.isInteger(e.code)).toBe(true);
    expect(typeof e.message).toBe("string");
  } else expect(o.id).not.toBeNull();
}

/** Whether a request item gets an answer, and with which id (the dispatcher's rules for notifications). */
function expectedAnswer(item: unknown): { answered: boolean; id: unknown } {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return { answered: true, id: null };
  const r = item as Record<string, unknown>;
  const hasId = r.id !== null && r.id !== undefined;
  const id = hasId && isValidId(r.id) ? r.id : null;
  if (r.jsonrpc !== "2.0" || (hasId && id === null) || typeof r.method !== "string" || r.method === "") return { answered: true, id };
  return { answered: id !== null, id };
}

describe("fuzz: JSON-RPC", () => {
  test("dispatcher.handleText: any frame text gets JSON-RPC 2.0 responses or nothing, never other text", async () => {
    await fuzz(
      fc.asyncProperty(frameTextArb, async (text) => {
        const reply = await dispatcher.handleText(text, caller);
        if (reply === null) return;
        const parsed: unknown = JSON.parse(reply);
        for (const r of Array.isArray(parsed) ? parsed : [parsed]) expectResponse(r);
        if (Array.isArray(parsed)) expect(parsed.length).toBeGreaterThan(0);
      }),
    );
  }, fuzzTimeout());

  test("dispatcher.handleValue: a batch answers exactly its requests that need an answer, in order, with their ids", async () => {
    await fuzz(
      fc.asyncProperty(frameValueArb, async (value) => {
        const wire: unknown = JSON.parse(JSON.stringify(value) ?? "null"); // what a client could send
        const answer = await dispatcher.handleValue(wire, caller);
        const items = Array.isArray(wire) ? wire : [wire];
        if (Array.isArray(wire) && (wire.length === 0 || wire.length > limits.maxBatchLength)) {
          expect(answer).toMatchObject({ id: null, error: { code: -32600 } });
          return;
        }
        const expected = items.map(expectedAnswer).filter((e) => e.answered);
        const got = answer === null ? [] : Array.isArray(answer) ? answer : [answer];
        expect(got.map((r): unknown => r.id)).toEqual(expected.map((e) => e.id));
        for (const r of got) expectResponse(r);
      }),
    );
  }, fuzzTimeout());

  test("json-limits.exceedsNesting: what passes never parses deeper than the limit; agrees on JSON.stringify output", () => {
    const depth = (v: unknown): number => (typeof v === "object" && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0);
    fuzz(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 12 }).map((v) => JSON.stringify(v)), frameTextArb), fc.nat(14), (text, max) => {
        const over = exceedsNesting(text, max);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return;
        }
        expect(over).toBe(depth(parsed) > max);
      }),
    );
  }, fuzzTimeout());

  test("request-id.requestIdOf: null or exactly the id JSON.parse reads from a single request", () => {
    fuzz(
      fc.property(frameTextArb, (text) => {
        const id = requestIdOf(text, defaultLimits.maxNestingDepth);
        if (id === null) return;
        expect(isValidId(id)).toBe(true);
        expect((JSON.parse(text) as { id: unknown }).id).toBe(id);
      }),
    );
  }, fuzzTimeout());
});
