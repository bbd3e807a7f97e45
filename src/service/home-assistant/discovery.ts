/**
 * Home Assistant MQTT discovery for this device: the topics it uses and the retained config message of each
 * entity (`<prefix>/<component>/<node>/<object>/config`). One HA device with sensors "Now playing", "Last
 * scan", "Indexing", a connectivity binary sensor "Reader", an event entity "Scan" (one event per scan), a text
 * entity "Launch" (a launch script set from HA runs as a remote caller's) and a button "Stop". Every entity
 * reads the same retained JSON state message and shares one availability topic (the connection's last will).
 * Each config carries the keys HA's docs mark required for its component (see REQUIRED_KEYS). HA's birth message
 * (`<prefix>/status` = `online`) asks for every config again. Pure.
 */

export interface HaTopics {
  /** `online` / `offline`, retained; the broker publishes `offline` as the last will. */
  availability: string;
  /** The device's state as one JSON object, retained. */
  state: string;
  /** One JSON message per scan (`event_type: "scan"`), not retained. */
  scan: string;
  /** A launch script to run (payload: the script's text). */
  launch: string;
  /** Stop the running media (any payload). */
  stop: string;
}

export interface HaDevice {
  /** Node id: letters, digits, `_` and `-` only (HA's discovery topic rule). */
  node: string;
  name: string;
  model: string;
  version: string;
}

/** Keys Home Assistant's MQTT docs mark required, per component. */
export const REQUIRED_KEYS: Readonly<Record<string, readonly string[]>> = {
  sensor: ["state_topic"],
  binary_sensor: ["state_topic"],
  event: ["state_topic", "event_types"],
  text: ["command_topic"],
  button: ["command_topic"],
};

export const AVAILABLE = "online";
export const NOT_AVAILABLE = "offline";

/** Home Assistant's birth message (its defaults): on this topic, this payload, when it starts (and, by its docs, when discovery must be sent again). */
export const BIRTH_PAYLOAD = "online";
export function birthTopic(prefix: string): string {
  return `${prefix}/status`;
}

/** A node id from the device id: `tapserve_` and its first 12 letters or digits. */
export function nodeId(deviceId: string): string {
  const clean = deviceId.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 12);
  return `tapserve_${clean || "device"}`;
}

/** The device's topics under the publisher's topic: `<topic>/<node>/…`. */
export function haTopics(baseTopic: string, node: string): HaTopics {
  const base = `${baseTopic.replace(/\/+$/, "")}/${node}`;
  return { availability: `${base}/availability`, state: `${base}/state`, scan: `${base}/scan`, launch: `${base}/launch`, stop: `${base}/stop` };
}

export interface DiscoveryMessage {
  topic: string;
  component: string;
  config: Record<string, unknown>;
}

/** Every entity's discovery topic and config. */
export function discoveryMessages(prefix: string, device: HaDevice, topics: HaTopics): DiscoveryMessage[] {
  const common = (object: string, name: string) => ({
    name,
    unique_id: `${device.node}_${object}`,
    availability_topic: topics.availability,
    payload_available: AVAILABLE,
    payload_not_available: NOT_AVAILABLE,
    device: { identifiers: [device.node], name: device.name, manufacturer: "tapserve", model: device.model, sw_version: device.version },
    origin: { name: "tapserve", sw_version: device.version },
  });
  const fromState = (field: string) => ({ state_topic: topics.state, value_template: `{{ value_json.${field} }}` });
  const entities: [component: string, object: string, config: Record<string, unknown>][] = [
    ["sensor", "now_playing", { ...common("now_playing", "Now playing"), ...fromState("now_playing"), json_attributes_topic: topics.state, json_attributes_template: "{{ (value_json.media or {}) | tojson }}", icon: "mdi:gamepad-variant" }],
    ["sensor", "last_scan", { ...common("last_scan", "Last scan"), ...fromState("last_scan"), json_attributes_topic: topics.state, json_attributes_template: "{{ (value_json.scan or {}) | tojson }}", icon: "mdi:nfc" }],
    ["sensor", "indexing", { ...common("indexing", "Indexing"), ...fromState("indexing"), json_attributes_topic: topics.state, json_attributes_template: "{{ value_json.index | tojson }}", icon: "mdi:database-sync", entity_category: "diagnostic" }],
    ["binary_sensor", "reader", { ...common("reader", "Reader"), state_topic: topics.state, value_template: "{{ 'ON' if value_json.readers > 0 else 'OFF' }}", payload_on: "ON", payload_off: "OFF", device_class: "connectivity", json_attributes_topic: topics.state, json_attributes_template: "{{ {'readers': value_json.reader_list} | tojson }}", entity_category: "diagnostic" }],
    ["event", "scan", { ...common("scan", "Scan"), state_topic: topics.scan, event_types: ["scan"], icon: "mdi:nfc-tap" }],
    ["text", "launch", { ...common("launch", "Launch"), command_topic: topics.launch, max: 255, mode: "text", icon: "mdi:play" }],
    ["button", "stop", { ...common("stop", "Stop"), command_topic: topics.stop, payload_press: "PRESS", icon: "mdi:stop" }],
  ];
  return entities.map(([component, object, config]) => ({ topic: `${prefix}/${component}/${device.node}/${object}/config`, component, config }));
}

/**
 * Every retained topic this device leaves on a broker while the integration is on: the discovery configs (an
 * empty retained message on one makes HA remove the entity), then the availability and the state.
 */
export function retainedTopics(prefix: string, device: HaDevice, topics: HaTopics): string[] {
  return [...discoveryMessages(prefix, device, topics).map((m) => m.topic), topics.availability, topics.state];
}
