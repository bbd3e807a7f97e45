import { describe, expect, test } from "bun:test";
import { progressLine } from "../../src/cli/progress-line.ts";

describe("progressLine (the CLI's indexing progress)", () => {
  const p = { indexing: true, totalSteps: 4, currentStep: 2, currentStepDisplay: "Super Nintendo", totalFiles: 1234 };

  test("a terminal line has a bar filled in proportion to the steps done", () => {
    const line = progressLine(p, 80);
    expect(line).toMatch(/^\[#+-+\] 2\/4 Super Nintendo · 1234 files$/);
    const bar = line.slice(1, line.indexOf("]"));
    expect(bar.split("#").length - 1).toBe(bar.length / 2);
  });

  test("never wider than the terminal, even a narrow one", () => {
    for (const w of [120, 60, 40, 20, 8]) expect(progressLine(p, w).length).toBeLessThan(w);
  });

  test("without a width it is a plain log line", () => {
    expect(progressLine(p, 0)).toBe("indexing 2/4 Super Nintendo · 1234 files");
  });

  test("missing or inconsistent counts do not break the bar", () => {
    expect(progressLine({ indexing: true }, 80)).toMatch(/^\[-+\] 0\/0 · 0 files$/);
    expect(progressLine({ indexing: true, totalSteps: 2, currentStep: 5 }, 80)).toMatch(/^\[#+\] 2\/2/);
  });
});
