import { describe, expect, test } from "bun:test";
import { birthTopic, discoveryMessages, haTopics, nodeId, REQUIRED_KEYS, retainedTopics } from "../../src/service/home-assistant/discovery.ts";
import { HaState } from "../../src/service/home-assistant/ha-state.ts";
import { matchesFilter, notificationPayload } from "../../src/service/publishers/mqtt-publisher.ts";

const idle = { indexing: false, optimizing: false };

describe("Home Assistant state", () => {
  test("music in the background slot is not what plays; the main slot is", () => {
    const s = new HaState({ media: null, readers: [], index: idle });
    const m = { systemId: "Music", systemName: "Music", mediaPath: "/m/a.mp3", mediaName: "a" };
    expect(s.apply("media.started", { ...m, slot: "background" })).toBe(false);
    expect(s.json().now_playing).toBe("");
    expect(s.apply("media.started", { systemId: "SNES", systemName: "SNES", mediaPath: "/r/Mario.sfc", mediaName: "Mario" })).toBe(true);
    expect(s.apply("media.stopped", { ...m, slot: "background", launcherId: "x", elapsed: 1 })).toBe(false);
    expect(s.json().now_playing).toBe("Mario");
  });

  test("texts are cut to Home Assistant's 255-character state limit; readers are counted by driver and path", () => {
    const s = new HaState({ media: null, readers: [{ driver: "pcsc", path: "ACS" }], index: idle });
    s.apply("tokens.added", { type: "ntag", uid: "04", text: "x".repeat(1000), data: "", scanTime: "2026-01-01T00:00:00.000Z" });
    expect(s.json().last_scan.length).toBe(255);
    s.apply("readers.added", { connected: true, driver: "mqtt", path: "b/t" });
    s.apply("readers.removed", { connected: false, driver: "pcsc", path: "ACS" });
    expect(s.json()).toMatchObject({ readers: 1, reader_list: [{ driver: "mqtt", path: "b/t" }] });
  });
});

describe("Home Assistant discovery", () => {
  test("node ids keep to HA's topic alphabet; every config has its component's required keys", () => {
    const node = nodeId("3F2A-9c…/+#");
    expect(node).toMatch(/^[a-zA-Z0-9_-]+$/);
    const topics = haTopics("zaparoo/", node);
    expect(topics.state).toBe(`zaparoo/${node}/state`);
    for (const m of discoveryMessages("homeassistant", { node, name: "d", model: "linux", version: "1" }, topics)) {
      for (const key of REQUIRED_KEYS[m.component]!) expect(m.config).toHaveProperty(key);
      expect(m.topic).toMatch(new RegExp(`^homeassistant/${m.component}/${node}/[a-z_]+/config$`));
      if (m.component === "text") expect(m.config.max as number).toBeLessThanOrEqual(255); // HA refuses a longer text entity
    }
  });
});

describe("Home Assistant birth and removal topics", () => {
  test("the birth topic is under the discovery prefix; turning HA off empties every config, the availability and the state", () => {
    expect(birthTopic("homeassistant")).toBe("homeassistant/status");
    const device = { node: nodeId("abc"), name: "d", model: "linux", version: "1" };
    const topics = haTopics("zaparoo", device.node);
    const retained = retainedTopics("ha", device, topics);
    expect(retained).toEqual([...discoveryMessages("ha", device, topics).map((m) => m.topic), topics.availability, topics.state]);
    expect(retained.filter((t) => t.endsWith("/config")).length).toBe(7);
    expect(retained).not.toContain(topics.scan); // events and commands are never retained by the service
  });
});

describe("publisher filter and payload (the reference's)", () => {
  test("an empty filter passes all; a payload without params carries null", () => {
    expect(matchesFilter([], "tokens.added")).toBe(true);
    expect(matchesFilter(["media.started"], "tokens.added")).toBe(false);
    expect(JSON.parse(notificationPayload("tokens.removed", undefined))).toEqual({ method: "tokens.removed", params: null });
  });
});
