import { describe, expect, test } from "bun:test";
import { UiBoard, type UiResult } from "../../../src/core/ui-events/board.ts";
import { redactLinkStatus, linkExpiry, linkInterval, DEFAULT_LINK_INTERVAL_MS, DEFAULT_LINK_TTL_MS } from "../../../src/core/remote/device-link.ts";
import { UI_LIMITS } from "../../../src/core/ui-events/request.ts";
import { UiState } from "../../../src/core/wire/ui.ts";

function board(start = Date.parse("2026-07-16T12:00:00Z")) {
  let t = start;
  let n = 0;
  const changes: UiState[] = [];
  const b = new UiBoard({ now: () => t, newId: () => `id-${++n}`, changed: (s) => changes.push(UiState.assert(s)) });
  return { b, changes, advance: (ms: number) => void (t += ms) };
}

function listener() {
  const heard: UiResult[] = [];
  return { heard, fn: (r: UiResult) => heard.push(r) };
}

describe("UI event board", () => {
  test("an event opens with the reference's fields; the state carries it at a higher revision", () => {
    const { b, changes } = board();
    expect(b.state()).toEqual({ revision: 0, events: [], resolved: [] });
    const id = b.open({ kind: "confirm", title: "Change game?", message: "**launch.system:snes", timeoutMs: 15_000, dismissible: true });
    expect(changes.at(-1)).toEqual({
      revision: 1,
      events: [{ id, kind: "confirm", title: "Change game?", message: "**launch.system:snes", dismissible: true, createdAt: "2026-07-16T12:00:00.000Z", expiresAt: "2026-07-16T12:00:15.000Z" }],
      resolved: [],
    });
    expect(b.state()).toEqual({ ...changes.at(-1)!, resolved: [] });
    expect(b.deadline()).toEqual({ id, at: Date.parse("2026-07-16T12:00:15Z") });
  });

  test("a picker publishes opaque choice ids and its preselection; select hands the producer the private value", () => {
    const { b, changes } = board();
    const l = listener();
    const id = b.open({ kind: "picker", title: "Favorites", choices: [{ label: "Game One", value: "**launch:one" }, { label: "Game Two", value: "**launch:two" }], dismissible: true }, l.fn);
    const event = changes.at(-1)!.events[0]!;
    expect(event.choices?.map((c) => c.label)).toEqual(["Game One", "Game Two"]);
    expect(JSON.stringify(changes)).not.toContain("**launch");
    expect(event.selectedChoiceId).toBe(event.choices![0]!.id);
    expect(event.expiresAt).toBeUndefined();
    const second = event.choices![1]!.id;
    expect(() => b.respond(id, "select")).toThrow("choiceId is required");
    expect(() => b.respond(id, "select", "nope")).toThrow("no such choice");
    expect(() => b.respond(id, "confirm")).toThrow("cannot be confirmed");
    b.respond(id, "select", second);
    expect(l.heard).toEqual([{ outcome: "selected", choiceId: second, value: "**launch:two" }]);
    expect(changes.at(-1)).toEqual({ revision: 2, events: [], resolved: [{ id, outcome: "selected", choiceId: second }] });
  });

  test("the first valid answer wins; a stale id is refused", () => {
    const { b } = board();
    const l = listener();
    const id = b.open({ kind: "confirm", dismissible: true }, l.fn);
    expect(() => b.respond("other", "confirm")).toThrow("not active");
    b.respond(id, "confirm");
    expect(() => b.respond(id, "dismiss")).toThrow("no active UI event");
    expect(l.heard).toEqual([{ outcome: "confirmed" }]);
  });

  test("dismiss only when dismissible; a notice takes neither confirm nor select", () => {
    const { b } = board();
    const loader = b.open({ kind: "loader" });
    expect(() => b.respond(loader, "dismiss")).toThrow("not dismissible");
    const notice = b.open({ kind: "notice", message: "Installed", dismissible: true });
    expect(() => b.respond(notice, "confirm")).toThrow("cannot be confirmed");
    expect(() => b.respond(notice, "select", "x")).toThrow("no choices");
    b.respond(notice, "dismiss");
    expect(b.state().events).toEqual([]);
  });

  test("a newer event supersedes the active one; its producer hears superseded, the new one stays", () => {
    const { b, changes } = board();
    const first = listener();
    const a = b.open({ kind: "confirm", dismissible: true }, first.fn);
    const c = b.open({ kind: "confirm", dismissible: true });
    expect(first.heard).toEqual([{ outcome: "superseded" }]);
    expect(changes.at(-1)!.resolved).toEqual([{ id: a, outcome: "superseded" }]);
    expect(changes.at(-1)!.events.map((e) => e.id)).toEqual([c]);
  });

  test("expiry comes from the clock: not before the deadline; an answer after it resolves timed_out and is refused", () => {
    const { b, changes, advance } = board();
    const l = listener();
    const id = b.open({ kind: "confirm", timeoutMs: 10_000, dismissible: true }, l.fn);
    advance(9_999);
    expect(b.expire(id)).toBe(false);
    advance(1);
    expect(b.expire(id)).toBe(true);
    expect(l.heard).toEqual([{ outcome: "timed_out" }]);
    expect(changes.at(-1)!.resolved).toEqual([{ id, outcome: "timed_out" }]);

    const late = b.open({ kind: "confirm", timeoutMs: 1_000 }, l.fn);
    advance(1_000);
    expect(() => b.respond(late, "confirm")).toThrow("expired");
    expect(l.heard.at(-1)).toEqual({ outcome: "timed_out" });
    expect(b.state().events).toEqual([]);
  });

  test("update keeps the id, changes the text, moves or removes the expiry", () => {
    const { b, changes, advance } = board();
    const id = b.open({ kind: "confirm", title: "A", timeoutMs: 10_000 });
    advance(5_000);
    b.update(id, { title: "B", timeoutMs: 10_000 });
    expect(changes.at(-1)!.events[0]).toMatchObject({ id, title: "B", expiresAt: "2026-07-16T12:00:15.000Z" });
    b.update(id, { timeoutMs: null });
    expect(changes.at(-1)!.events[0]!.expiresAt).toBeUndefined();
    expect(b.deadline()).toBeNull();
    expect(changes.map((c) => c.revision)).toEqual([1, 2, 3]);
  });

  test("a producer completes its own event without hearing it; it may not claim a person's outcome", () => {
    const { b, changes } = board();
    const l = listener();
    const id = b.open({ kind: "loader", title: "Downloading" }, l.fn);
    expect(() => b.complete(id, "selected")).toThrow();
    expect(() => b.complete(id, "timed_out")).toThrow();
    b.complete(id, "completed");
    expect(l.heard).toEqual([]);
    expect(changes.at(-1)!.resolved).toEqual([{ id, outcome: "completed" }]);
    expect(() => b.complete(id, "completed")).toThrow("no active");
  });

  test("requests outside the reference's limits are refused", () => {
    const { b } = board();
    expect(() => b.open({ kind: "picker" })).toThrow("at least one choice");
    expect(() => b.open({ kind: "confirm", choices: [{ label: "x" }] })).toThrow("only a picker");
    expect(() => b.open({ kind: "picker", choices: [{ label: "" }] })).toThrow("label");
    expect(() => b.open({ kind: "picker", choices: [{ label: "x" }], selectedChoice: 1 })).toThrow("out of range");
    expect(() => b.open({ kind: "notice", title: "é".repeat(UI_LIMITS.titleBytes / 2 + 1) })).toThrow("title exceeds");
    expect(() => b.open({ kind: "notice", message: "x".repeat(UI_LIMITS.messageBytes + 1) })).toThrow("message exceeds");
    expect(b.open({ kind: "picker", choices: [{ label: "x" }], selectedChoice: -1 })).toBeString();
    expect(b.state().events[0]!.selectedChoiceId).toBeUndefined();
  });

  test("close cancels the active event and refuses new ones", () => {
    const { b } = board();
    const l = listener();
    b.open({ kind: "confirm" }, l.fn);
    b.close();
    expect(l.heard).toEqual([{ outcome: "cancelled" }]);
    expect(() => b.open({ kind: "notice" })).toThrow("closed");
  });
});

describe("device link facts", () => {
  test("interval and expiry default as the reference's; notifications lose the code and the URLs", () => {
    expect(linkInterval({})).toBe(DEFAULT_LINK_INTERVAL_MS);
    expect(linkInterval({ interval: 0 })).toBe(DEFAULT_LINK_INTERVAL_MS);
    expect(linkInterval({ interval: 2 })).toBe(2_000);
    expect(linkExpiry({}, 1_000)).toBe(1_000 + DEFAULT_LINK_TTL_MS);
    expect(linkExpiry({ expires_at: "2026-06-24T15:14:05Z" }, 0)).toBe(Date.parse("2026-06-24T15:14:05Z"));
    expect(redactLinkStatus({ status: "pending", userCode: "ABCD-1234", verificationUrl: "u", verificationUrlComplete: "v", expiresAt: "t" })).toEqual({ status: "pending", expiresAt: "t" });
  });
});
