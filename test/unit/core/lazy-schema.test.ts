import { describe, expect, test } from "bun:test";
import "../../../src/arktype-jitless.ts";
import { type } from "arktype";
import { lazy } from "../../../src/core/wire/lazy.ts";
import { ReaderInfo, ReadersResult } from "../../../src/core/wire/readers.ts";

describe("lazy schemas", () => {
  test("nothing is built until first use, then once", () => {
    let built = 0;
    const Point = lazy(() => {
      built++;
      return type({ x: "number", y: "number" });
    });
    expect(built).toBe(0);
    expect(Point({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(Point.allows({ x: 1 })).toBe(false);
    expect(built).toBe(1);
  });

  test("validates, reports errors and composes like the schema it stands for", () => {
    const Point = lazy(() => type({ x: "number", y: "number" }));
    const bad = Point({ x: "1", y: 2 });
    expect(bad instanceof type.errors).toBe(true);
    expect((bad as InstanceType<typeof type.errors>).summary).toContain("x must be a number");
    const Line = lazy(() => type({ from: Point, to: Point, "via?": Point.array() }));
    expect(Line.allows({ from: { x: 0, y: 0 }, to: { x: 1, y: 1 }, via: [{ x: 2, y: 2 }] })).toBe(true);
    expect(Line.allows({ from: { x: 0, y: 0 }, to: { x: 1 } })).toBe(false);
    expect(Line.toJsonSchema()).toEqual(type({ from: { x: "number", y: "number" }, to: { x: "number", y: "number" }, "via?": type({ x: "number", y: "number" }).array() }).toJsonSchema());
  });

  test("wire schemas built from other lazy schemas check replies as before", () => {
    const reader = { id: "/dev/ttyUSB0", readerId: "pn532-x", driver: "pn532", info: "PN532", connected: true, capabilities: ["write"] };
    expect(ReadersResult.allows({ readers: [reader] })).toBe(true);
    expect(ReadersResult.allows({ readers: [{ ...reader, connected: "yes" }] })).toBe(false);
    expect(ReaderInfo.expression).toContain("readerId");
  });
});
