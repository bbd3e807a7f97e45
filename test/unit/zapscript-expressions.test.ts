import { describe, expect, test } from "bun:test";
import { evaluateExpression, ExpressionError, expandExpressions } from "../../src/core/zapscript/expressions.ts";
import { parseZapScript } from "../../src/core/zapscript/index.ts";

const env = {
  platform: "linux",
  media_playing: true,
  device: { hostname: "box", os: "linux", arch: "amd64" },
  active_media: { system_id: "SNES", name: "Game" },
};

describe("[[…]] expressions", () => {
  test("names, dotted paths, literals and operators give the text they stand for", () => {
    expect(evaluateExpression("platform", env)).toBe("linux");
    expect(evaluateExpression(" device.hostname ", env)).toBe("box");
    expect(evaluateExpression("platform == 'mister' ? 'MGL' : \"other\"", env)).toBe("other");
    expect(evaluateExpression("media_playing && active_media.system_id == 'SNES'", env)).toBe("true");
    expect(evaluateExpression("not media_playing or false", env)).toBe("false");
    expect(evaluateExpression("!(1 + 2 * 3 > 6)", env)).toBe("false");
    expect(evaluateExpression("10 / 4 - 1", env)).toBe("1.5");
    expect(evaluateExpression("active_media.system_id + '/' + active_media.name", env)).toBe("SNES/Game");
  });

  test("unknown names, objects as results, bad syntax and type mixes are errors", () => {
    for (const bad of ["nope", "device.nope", "device", "(1", "1 +", "'open", "1 + 'a'", "platform ? 'a' : 'b'", "", "a @ b", "nil"]) {
      expect(() => evaluateExpression(bad, env)).toThrow(ExpressionError);
    }
  });

  test("deep nesting and very long expressions are refused, not run", () => {
    expect(() => evaluateExpression(`${"(".repeat(200)}1${")".repeat(200)}`, env)).toThrow("nested more than");
    expect(() => evaluateExpression("!".repeat(500) + "true", env)).toThrow("nested more than");
    expect(() => evaluateExpression(`'${"a".repeat(2000)}'`, env)).toThrow("longer than");
    expect(evaluateExpression(`${"(".repeat(20)}1${")".repeat(20)}`, env)).toBe("1");
    // many operators side by side are not nesting
    expect(evaluateExpression(Array.from({ length: 60 }, () => "!false").join(" && "), env)).toBe("true");
  });

  test("expansion replaces each [[…]] in text and leaves other text alone", () => {
    // the parser marks `[[x]]` as U+E000 x U+E001
    const arg = (script: string) => parseZapScript(`**echo:${script}`).commands[0]!.args[0]!;
    expect(expandExpressions(arg("/roms/[[active_media.system_id]]/x [1].sfc"), env)).toBe("/roms/SNES/x [1].sfc");
    expect(expandExpressions(arg("[[platform]]-[[device.arch]]"), env)).toBe("linux-amd64");
    expect(expandExpressions("no expressions", env)).toBe("no expressions");
    expect(expandExpressions(arg("^[^[platform]]"), env)).toBe("[[platform]]");
    expect(() => expandExpressions("\uE000platform", env)).toThrow("'[[' without its ']]'");
    expect(() => expandExpressions(arg("[[nope]]"), env)).toThrow('expression "nope": unknown name nope');
  });
});
