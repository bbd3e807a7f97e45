import { describe, expect, test } from "bun:test";
import { BudgetCache } from "../../../src/core/budget-cache.ts";

describe("budget cache", () => {
  test("keeps values within the byte budget, dropping the least recently used first", () => {
    const cache = new BudgetCache<string, string>(10, (v) => v.length);
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    expect(cache.get("a")).toBe("aaaa"); // a is now the most recently used
    cache.set("c", "cccc"); // 12 bytes: b goes
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c")]).toEqual(["aaaa", "cccc"]);
    expect(cache.bytes).toBe(8);
  });

  test("a value larger than the budget is not kept; replacing a key counts its new size only", () => {
    const cache = new BudgetCache<number, Uint8Array>(8, (v) => v.byteLength);
    cache.set(1, new Uint8Array(9));
    expect(cache.get(1)).toBeUndefined();
    cache.set(2, new Uint8Array(6));
    cache.set(2, new Uint8Array(3));
    expect(cache.bytes).toBe(3);
    cache.clear();
    expect([cache.get(2), cache.bytes]).toEqual([undefined, 0]);
  });
});
