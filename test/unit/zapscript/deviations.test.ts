import { describe, expect, test } from "bun:test";
import { parseZapScript } from "../../../src/core/zapscript/index.ts";

/** Where this parser deviates from the reference's on purpose (README: deviation table). */
describe("zapscript: deviations from the reference", () => {
  test("trait values inf and nan stay text (the reference makes floats its own JSON encoder cannot write)", () => {
    expect(parseZapScript("#speed=inf #n=nan **launch:x").traits).toEqual({ speed: "inf", n: "nan" });
  });

  test("a trait integer above 2^53 is the nearest double (the reference keeps it exact)", () => {
    expect(parseZapScript("#big=9007199254740993 **launch:x").traits).toEqual({ big: 9007199254740992 });
  });
});
