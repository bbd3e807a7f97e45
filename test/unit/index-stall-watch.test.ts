import { describe, expect, test } from "bun:test";
import type { InboxEntry, InboxSink } from "../../src/service/inbox/inbox-service.ts";
import { INDEX_STALL_MS, IndexStallWatch } from "../../src/service/inbox/index-stall-watch.ts";
import { ManualClock } from "../fakes/clock.ts";

/** A recording inbox (the sink is the seam every producer writes through). */
function recorder(): InboxSink & { entries: InboxEntry[] } {
  const entries: InboxEntry[] = [];
  return { entries, add: (e) => (entries.push(e), null) };
}

const step = (currentStep: number, totalFiles: number) => ({ totalSteps: 3, currentStep, currentStepDisplay: ["NES", "SNES", "Genesis"][currentStep - 1]!, totalFiles });

describe("an index run that stops making progress", () => {
  test("a run that keeps moving is never reported, however long it takes; the end clears the watch", async () => {
    const clock = new ManualClock(1_000);
    const inbox = recorder();
    const watch = new IndexStallWatch({ clock, inbox });
    watch.observe(step(1, 0));
    for (let i = 0; i < 20; i++) {
      await clock.advance(INDEX_STALL_MS - 1);
      watch.observe(step(1, i)); // one more folder walked
    }
    watch.observe(null);
    expect(clock.pending).toBe(0);
    await clock.advance(10 * INDEX_STALL_MS);
    expect(inbox.entries).toEqual([]);
  });

  test("no progress for the limit posts one message naming where it stopped; more silence adds none", async () => {
    const clock = new ManualClock(0);
    const inbox = recorder();
    const watch = new IndexStallWatch({ clock, inbox, limitMs: 120_000 });
    watch.observe(step(1, 0));
    await clock.advance(60_000);
    watch.observe(step(2, 412));
    await clock.advance(119_999);
    expect(inbox.entries).toEqual([]);
    await clock.advance(1);
    expect(inbox.entries).toHaveLength(1);
    expect(inbox.entries[0]).toMatchObject({ title: "Updating the media database has stalled", severity: 1, category: "media_index_stalled" });
    expect(inbox.entries[0]!.body).toContain("no progress for 2 minutes at SNES (system 2 of 3), with 412 files found so far");
    await clock.advance(30 * 60_000);
    watch.observe(step(2, 413)); // it moves again, then stalls again: still the one message for this run
    await clock.advance(30 * 60_000);
    expect(inbox.entries).toHaveLength(1);
  });

  test("a later run that stalls is reported again", async () => {
    const clock = new ManualClock(0);
    const inbox = recorder();
    const watch = new IndexStallWatch({ clock, inbox, limitMs: 1_000 });
    watch.observe(step(1, 0));
    await clock.advance(1_000);
    watch.observe(null);
    watch.observe(step(3, 7));
    await clock.advance(1_000);
    expect(inbox.entries.map((e) => e.body?.includes("at Genesis (system 3 of 3)"))).toEqual([false, true]);
  });
});
