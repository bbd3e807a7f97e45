import { describe, expect, test } from "bun:test";
import { parseUevent, ttyChange, ttyListingChanges } from "../../../src/core/uevent.ts";
import { splitUevents } from "../../../src/core/uevent-batch.ts";

const enc = (s: string) => new TextEncoder().encode(s);
/** A uevent as the kernel sends it: header, then NUL-terminated fields. */
const kernel = (action: string, devpath: string, fields: Record<string, string>) =>
  enc([`${action}@${devpath}`, `ACTION=${action}`, `DEVPATH=${devpath}`, ...Object.entries(fields).map(([k, v]) => `${k}=${v}`), ""].join("\0"));

/** udev's message: prefix, magic (big-endian), host-order header size / properties offset and length, properties. */
function udev(props: string[]): Uint8Array {
  const body = enc(`${props.join("\0")}\0`);
  const head = new Uint8Array(40);
  head.set(enc("libudev\0"));
  const v = new DataView(head.buffer);
  v.setUint32(8, 0xfeedcafe, false);
  v.setUint32(12, 40, true);
  v.setUint32(16, 40, true);
  v.setUint32(20, body.length, true);
  return new Uint8Array([...head, ...body]);
}

const USB_TTY = "/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2.3/1-2.3.1/1-2.3.1:1.0/ttyUSB0/tty/ttyUSB0";

describe("kernel uevents", () => {
  test("a CH340's tty coming and going is a tty add and remove of its /dev name", () => {
    const add = parseUevent(kernel("add", USB_TTY, { SUBSYSTEM: "tty", MAJOR: "188", MINOR: "0", DEVNAME: "ttyUSB0", SEQNUM: "4711" }));
    expect(add).toMatchObject({ action: "add", devpath: USB_TTY, subsystem: "tty", devname: "ttyUSB0", seqnum: 4711 });
    expect(ttyChange(add!)).toEqual({ action: "add", name: "ttyUSB0" });
    const remove = parseUevent(kernel("remove", USB_TTY, { SUBSYSTEM: "tty", DEVNAME: "ttyUSB0", SEQNUM: "4712" }));
    expect(ttyChange(remove!)).toEqual({ action: "remove", name: "ttyUSB0" });
  });

  test("other devices and actions are not serial ports coming or going", () => {
    const usb = parseUevent(kernel("add", "/devices/pci0000:00/usb1/1-2", { SUBSYSTEM: "usb", DEVTYPE: "usb_device", DEVNAME: "bus/usb/001/004" }));
    expect(usb?.devname).toBe("bus/usb/001/004");
    expect(ttyChange(usb!)).toBeNull();
    expect(ttyChange(parseUevent(kernel("change", USB_TTY, { SUBSYSTEM: "tty", DEVNAME: "ttyUSB0" }))!)).toBeNull();
    expect(ttyChange(parseUevent(kernel("bind", "/devices/x/1-2:1.0", { SUBSYSTEM: "usb" }))!)).toBeNull();
    for (const name of ["tty5", "console", "ptmx"]) {
      expect(ttyChange(parseUevent(kernel("add", `/devices/virtual/tty/${name}`, { SUBSYSTEM: "tty", DEVNAME: name }))!)).toBeNull();
    }
    expect(ttyChange(parseUevent(kernel("add", "/devices/platform/serial8250/tty/ttyS4", { SUBSYSTEM: "tty", DEVNAME: "ttyS4" }))!)).toEqual({ action: "add", name: "ttyS4" });
  });

  test("udev's repeat after its rules ran: the same change, DEVNAME made relative to /dev", () => {
    const ev = parseUevent(udev(["ACTION=add", `DEVPATH=${USB_TTY}`, "SUBSYSTEM=tty", "DEVNAME=/dev/ttyUSB0", "SEQNUM=4711", "USEC_INITIALIZED=123"]));
    expect(ev).toMatchObject({ source: "udev", action: "add", devname: "ttyUSB0", seqnum: 4711 });
    expect(ttyChange(ev!)).toEqual({ action: "add", name: "ttyUSB0" });
    expect(parseUevent(udev(["ACTION=add", `DEVPATH=${USB_TTY}`, "SUBSYSTEM=tty", "DEVNAME=/etc/ttyUSB0"]))).toBeNull();
    expect(parseUevent(udev(["ACTION=add", "SUBSYSTEM=tty", "DEVNAME=/dev/ttyUSB0"]))).toBeNull();
    const good = udev(["ACTION=remove", `DEVPATH=${USB_TTY}`, "SUBSYSTEM=tty", "DEVNAME=/dev/ttyUSB0"]);
    expect(parseUevent(good.subarray(0, good.length - 10))).toBeNull(); // properties cut off
    const badMagic = good.slice();
    badMagic[8] = 0;
    expect(parseUevent(badMagic)).toBeNull();
  });

  test("garbage, disagreeing headers and path tricks are refused", () => {
    expect(parseUevent(enc("libudev\0short"))).toBeNull();
    expect(parseUevent(new Uint8Array())).toBeNull();
    expect(parseUevent(enc("hello world"))).toBeNull();
    expect(parseUevent(new Uint8Array(20000).fill(0x61))).toBeNull();
    expect(parseUevent(enc(`add@${USB_TTY}\0ACTION=remove\0SUBSYSTEM=tty\0DEVNAME=ttyUSB0\0`))).toBeNull();
    expect(parseUevent(kernel("add", USB_TTY, { SUBSYSTEM: "tty", DEVNAME: "../etc/passwd" }))).toBeNull();
    const slashed = parseUevent(kernel("add", USB_TTY, { SUBSYSTEM: "tty", DEVNAME: "serial/ttyUSB0" }));
    expect(ttyChange(slashed!)).toBeNull();
  });

  test("fields without a key or with odd keys are skipped; no SEQNUM is null", () => {
    const ev = parseUevent(enc(`add@${USB_TTY}\0=x\0lower=y\0SUBSYSTEM=tty\0DEVNAME=ttyACM0\0junk\0`));
    expect(ev).toMatchObject({ action: "add", devname: "ttyACM0", seqnum: null });
    expect(Object.keys(ev!.fields).sort()).toEqual(["ACTION", "DEVNAME", "DEVPATH", "SUBSYSTEM"]); // the last two from the header
  });
});

describe("tty listings compared (the polling stand-in)", () => {
  test("removals first, then additions; consoles ignored", () => {
    const before = new Set(["tty0", "ttyS0", "ttyUSB0"]);
    const after = new Set(["tty0", "tty1", "ttyS0", "ttyACM0"]);
    expect(ttyListingChanges(before, after)).toEqual([
      { action: "remove", name: "ttyUSB0" },
      { action: "add", name: "ttyACM0" },
    ]);
    expect(ttyListingChanges(after, after)).toEqual([]);
  });
});

describe("uevents read back to back (one read drained several datagrams)", () => {
  const joined = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  const addTty = kernel("add", USB_TTY, { SUBSYSTEM: "tty", MAJOR: "188", MINOR: "0", DEVNAME: "ttyUSB0", SEQNUM: "4711" });
  const udevAdd = udev(["ACTION=add", `DEVPATH=${USB_TTY}`, "SUBSYSTEM=tty", "DEVNAME=/dev/ttyUSB0", "SEQNUM=4711"]);
  const removeTty = kernel("remove", USB_TTY, { SUBSYSTEM: "tty", DEVNAME: "ttyUSB0", SEQNUM: "4712" });
  const usbBind = kernel("bind", "/devices/x/1-2:1.0", { SUBSYSTEM: "usb", SEQNUM: "4713" });

  test("kernel and udev messages come apart as they were sent, each parsing as alone", () => {
    const parts = splitUevents(joined(addTty, udevAdd, removeTty, udevAdd, usbBind));
    expect(parts.map((p) => [...p])).toEqual([addTty, udevAdd, removeTty, udevAdd, usbBind].map((p) => [...p]));
    expect(parts.map((p) => parseUevent(p)).map((e) => e && `${e.source} ${e.action} ${e.devname}`)).toEqual([
      "kernel add ttyUSB0",
      "udev add ttyUSB0",
      "kernel remove ttyUSB0",
      "udev add ttyUSB0",
      "kernel bind ",
    ]);
  });

  test("one message is itself; nothing is nothing", () => {
    expect(splitUevents(addTty).map((p) => [...p])).toEqual([[...addTty]]);
    expect(splitUevents(udevAdd).map((p) => [...p])).toEqual([[...udevAdd]]);
    expect(splitUevents(new Uint8Array(0))).toEqual([]);
  });

  test("a udev header pointing past the bytes keeps the rest whole, and the parser refuses it", () => {
    const cut = udevAdd.subarray(0, udevAdd.length - 5);
    const parts = splitUevents(joined(addTty, cut));
    expect(parts).toHaveLength(2);
    expect(parseUevent(parts[0]!)?.action).toBe("add");
    expect(parseUevent(parts[1]!)).toBeNull();
  });

  test("a thousand messages in one read are a thousand events", () => {
    const many = Array.from({ length: 1000 }, (_, i) => (i % 3 === 2 ? udevAdd : kernel(i % 2 ? "remove" : "add", USB_TTY, { SUBSYSTEM: "tty", DEVNAME: "ttyUSB0", SEQNUM: String(i) })));
    const parts = splitUevents(joined(...many));
    expect(parts).toHaveLength(1000);
    expect(parts.every((p) => parseUevent(p) !== null)).toBe(true);
  });
});
