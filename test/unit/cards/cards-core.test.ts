/** The pure rules of card sets and the write queue (src/core/cards/): title scripts, ordering, tag decisions. */
import { describe, expect, test } from "bun:test";
import { cardScript, titleScript } from "../../../src/core/cards/card-script.ts";
import { afterWrite, again, decide, isBlank, nextIndex, type QueueData, queueChange, queueStatus, skip, WAITING } from "../../../src/core/cards/queue-state.ts";
import { insertAt, moveTo } from "../../../src/core/cards/set-order.ts";

describe("title scripts", () => {
  test("@System/Title, tags grouped per type in the reference's display priority, years only with four digits", () => {
    expect(titleScript("SNES", "Super Mario World")).toBe("@SNES/Super Mario World");
    expect(titleScript("SNES", "Super Mario World", ["rev:1", "region:eu", "region:us", "extension:sfc", "year:19xx", "year:1991"])).toBe(
      "@SNES/Super Mario World (region:eu, region:us) (rev:1) (year:1991)",
    );
    expect(titleScript("NES", "Zelda", ["bogus", "region:", ":x"])).toBe("@NES/Zelda");
  });

  test("the set's kind picks the title script or the path", () => {
    const item = { path: "SNES/Zelda.sfc", titleScript: "@SNES/Zelda" };
    expect(cardScript("title", item)).toBe("@SNES/Zelda");
    expect(cardScript("path", item)).toBe("SNES/Zelda.sfc");
  });
});

describe("set order", () => {
  test("insert at a place or the end; move clamps", () => {
    expect(insertAt(3, undefined)).toBe(3);
    expect(insertAt(3, 9)).toBe(3);
    expect(insertAt(3, 1)).toBe(1);
    expect(moveTo([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3]);
    expect(moveTo([1, 2, 3, 4], 1, 99)).toEqual([2, 3, 4, 1]);
    expect(moveTo([1, 2, 3, 4], 2, 2)).toEqual([1, 3, 2, 4]);
    expect(moveTo([1, 2], 7, 0)).toEqual([1, 2]);
  });
});

describe("queue rules", () => {
  const entry = (n: number) => ({ itemId: n, title: `G${n}`, systemName: "SNES", script: `@SNES/G${n}`, status: "pending" as const });
  const running: QueueData = { setId: 1, setName: "S", state: "running", entries: [entry(1), entry(2)] };
  const blank = { readerId: "r", uid: "04aa", text: "", data: "" };

  test("a blank tag gets the next game; a tag with data asks; a card this queue wrote is held; stopped or done passes", () => {
    expect(isBlank(blank)).toBe(true);
    expect(decide(running, WAITING, blank)).toEqual({ kind: "write", index: 0 });
    expect(decide(running, WAITING, { ...blank, text: "x", data: "d1" })).toEqual({ kind: "ask" });
    expect(decide(running, { phase: "writing" }, blank)).toEqual({ kind: "hold" });
    const one = afterWrite(running, 0, "04aa", "r");
    expect(decide(one, WAITING, { ...blank, text: "@SNES/G1", data: "d1" })).toEqual({ kind: "hold" });
    expect(decide({ ...running, state: "stopped" }, WAITING, blank)).toEqual({ kind: "pass" });
    expect(decide(null, WAITING, blank)).toEqual({ kind: "pass" });
    const done = afterWrite(one, 1, "04bb", "r");
    expect(done.state).toBe("done");
    expect(decide(done, WAITING, blank)).toEqual({ kind: "pass" });
  });

  test("skip, again, next and the status", () => {
    const s = skip(running);
    expect(nextIndex(s.entries)).toBe(1);
    const back = again(skip(s), 0);
    expect(back.state).toBe("running");
    expect(nextIndex(back.entries)).toBe(0);
    const status = queueStatus(afterWrite(running, 0, "04aa", "r"), { phase: "failed", error: "pulled off" });
    expect(status).toMatchObject({ state: "running", phase: "failed", written: 1, next: 1, error: "pulled off", last: { index: 0, uid: "04aa" } });
    expect(queueStatus(null, WAITING)).toEqual({ state: "idle", phase: "waiting", total: 0, written: 0, skipped: 0, entries: [] });
    // a change carries the game it was about, never the whole list
    const change = queueChange(afterWrite(running, 0, "04aa", "r"), WAITING, 0);
    expect(change).toMatchObject({ written: 1, next: 1, entry: { index: 0, status: "written", uid: "04aa" } });
    expect("entries" in change).toBe(false);
    expect("entry" in queueChange(running, WAITING)).toBe(false);
  });
});
