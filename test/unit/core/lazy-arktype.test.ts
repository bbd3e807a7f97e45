import { describe, expect, test } from "bun:test";
import { type as arktypeType } from "arktype";
import { type } from "../../../src/core/lazy-arktype.ts";
import { ReaderInfo, ReadersResult } from "../../../src/core/wire/readers.ts";

/**
 * The schema door of src/ (core/lazy-arktype.ts): what it declares checks, reports, composes and documents exactly
 * as arktype's own. That nothing is loaded before a first use is pinned by test/integration/start-path.test.ts,
 * in a process of its own (here other tests have loaded arktype long before).
 */
describe("schemas declared through lazy-arktype", () => {
  test("check and report as arktype's own; errors are arktype's errors", () => {
    const Point = type({ x: "number", y: "number" });
    expect(Point({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    const bad = Point({ x: "1", y: 2 });
    expect(bad instanceof type.errors).toBe(true);
    expect(bad instanceof arktypeType.errors).toBe(true);
    expect((bad as InstanceType<typeof type.errors>).summary).toBe("x must be a number (was a string)");
    expect(Point.allows({ x: 1 })).toBe(false);
    expect(() => Point.assert({ x: 1 })).toThrow("y must be a number");
  });

  test("compose (nested in objects and tuples, chained) into the same schema as arktype builds", () => {
    const Point = type({ x: "number", y: "number" });
    const Line = type({ from: Point, to: Point, "via?": Point.array(), "label?": type("string").narrow((s, ctx) => s.length < 5 || ctx.mustBe("short")) });
    const Pair = type([Point, Point]);
    const Kind = type.enumerated("a", "b");
    const plainPoint = arktypeType({ x: "number", y: "number" });
    expect(Line.omit("label").toJsonSchema()).toEqual(arktypeType({ from: plainPoint, to: plainPoint, "via?": plainPoint.array() }).toJsonSchema());
    expect(Line.allows({ from: { x: 0, y: 0 }, to: { x: 1, y: 1 }, via: [{ x: 2, y: 2 }] })).toBe(true);
    expect(Line.allows({ from: { x: 0, y: 0 }, to: { x: 1, y: 1 }, label: "too long" })).toBe(false);
    expect(Pair.allows([{ x: 0, y: 0 }, { x: 1, y: 1 }])).toBe(true);
    expect(Pair.allows([{ x: 0, y: 0 }])).toBe(false);
    expect(Kind.expression).toBe(arktypeType.enumerated("a", "b").expression);
    expect(Point.or("null")(null)).toBe(null);
  });

  test("defaults and deletions apply as declared", () => {
    const Options = type({ "+": "delete", mode: type("'tap' | 'hold'").default("tap"), list: type("string[]").default(() => []) });
    const Wrapper = type({ options: Options.default(() => Options.assert({})) });
    expect(Wrapper({})).toEqual({ options: { mode: "tap", list: [] } });
    expect(Options({ extra: 1, mode: "hold" })).toEqual({ mode: "hold", list: [] });
  });

  test("a member that is itself a schema or a class is handed back whole, a method is bound to its schema", () => {
    const Point = type({ x: "number", "y?": "number" });
    expect(Point.in.expression).toBe("{ x: number, y?: number }");
    const { allows } = Point;
    expect(allows({ x: 1 })).toBe(true);
    expect(typeof type.errors.prototype).toBe("object");
  });

  test("wire schemas built from other schemas check replies", () => {
    const reader = { id: "/dev/ttyUSB0", readerId: "pn532-x", driver: "pn532", info: "PN532", connected: true, capabilities: ["write"] };
    expect(ReadersResult.allows({ readers: [reader] })).toBe(true);
    expect(ReadersResult.allows({ readers: [{ ...reader, connected: "yes" }] })).toBe(false);
    expect(ReaderInfo.expression).toContain("readerId");
  });
});
