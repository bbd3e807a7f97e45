import { describe, expect, test } from "bun:test";
import { parseUevent, ttyChange, ttyListingChanges } from "../../../src/core/uevent.ts";

const enc = (s: string) => new TextEncoder().encode(s);
/** A uevent as the kernel sends it: header, then NUL-terminated fields. */
const kernel = (action: string, devpath: string, fields: Record<string, string>) =>
  enc([`${action}@${devpath}`, `ACTION=${action}`, `DEVPATH=${devpath}`, ...Object.entries(fields).map(([k, v]) => `${k}=${v}`), ""].join("\0"));

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

  test("udev's re-broadcasts, garbage, disagreeing headers and path tricks are refused", () => {
    const udev = new Uint8Array([...enc("libudev\0"), 0xfe, 0xed, 0xca, 0xfe, ...kernel("add", USB_TTY, { SUBSYSTEM: "tty", DEVNAME: "ttyUSB0" })]);
    expect(parseUevent(udev)).toBeNull();
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
    expect(Object.keys(ev!.fields)).toEqual(["SUBSYSTEM", "DEVNAME"]);
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
