/**
 * Kernel uevents: any bytes parse to a record or null without throwing; a well-formed tty event round-trips
 * to the same add/remove of the same node; a device name never climbs out of /dev; messages read back to back
 * split into pieces that join to the same bytes, in order, none empty.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parseUevent, ttyChange } from "../../src/core/uevent.ts";
import { splitUevents } from "../../src/core/uevent-batch.ts";
import { fuzz, fuzzTimeout } from "./runs.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const name = fc.stringMatching(/^tty(USB|ACM|AMA|S)[0-9]{1,3}$/);
/** udev's prefix and magic, then anything: offsets and lengths pointing anywhere. */
const udevish = fc.uint8Array({ maxLength: 200 }).map((rest) => new Uint8Array([...enc("libudev\0"), 0xfe, 0xed, 0xca, 0xfe, ...rest]));
const piece = fc.constantFrom("add", "remove", "@", "/", "=", "\0", "ACTION", "DEVPATH", "DEVNAME", "SUBSYSTEM", "tty", "..", "libudev", "ttyUSB0", "x");

describe("fuzz: uevent", () => {
  test("uevent.parseUevent: never throws on any bytes or near-uevent text; devnames never hold . or ..", () => {
    fuzz(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), udevish, fc.array(piece, { maxLength: 40 }).map((p) => enc(p.join("")))), (bytes) => {
        const ev = parseUevent(bytes);
        if (ev) expect(ev.devname.split("/").every((s) => s !== "." && s !== "..")).toBe(true);
        if (ev) {
          const c = ttyChange(ev);
          if (c) expect(c.name.includes("/")).toBe(false);
        }
      }),
    );
  }, fuzzTimeout());

  test("uevent.ttyChange: a kernel tty event gives back its action and node, whatever the other fields", () => {
    fuzz(
      fc.property(fc.constantFrom("add", "remove"), name, fc.dictionary(fc.stringMatching(/^[A-Z]{1,8}$/), fc.stringMatching(/^[a-z0-9:.]{0,12}$/), { maxKeys: 5 }), (action, dev, extra) => {
        const devpath = `/devices/pci0000:00/usb1/1-2/1-2:1.0/${dev}/tty/${dev}`;
        const fields = Object.entries(extra).filter(([k]) => !["ACTION", "DEVPATH", "DEVNAME", "SUBSYSTEM"].includes(k)).map(([k, v]) => `${k}=${v}`);
        const msg = [`${action}@${devpath}`, `ACTION=${action}`, `DEVPATH=${devpath}`, "SUBSYSTEM=tty", `DEVNAME=${dev}`, ...fields, ""].join("\0");
        expect(ttyChange(parseUevent(enc(msg))!)).toEqual({ action, name: dev });
      }),
    );
  }, fuzzTimeout());

  test("uevent-batch.splitUevents: never throws; its pieces are the input, in order, none empty", () => {
    const message = fc.oneof(fc.uint8Array({ maxLength: 120 }), udevish, fc.array(piece, { maxLength: 20 }).map((p) => enc(p.join(""))));
    fuzz(
      fc.property(fc.array(message, { maxLength: 8 }), (messages) => {
        const bytes = new Uint8Array(messages.flatMap((m) => [...m]));
        const parts = splitUevents(bytes);
        expect(parts.every((p) => p.length > 0)).toBe(true);
        expect(parts.flatMap((p) => [...p])).toEqual([...bytes]);
      }),
    );
  }, fuzzTimeout());
});
