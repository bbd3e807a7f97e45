/**
 * Linux `struct input_event` records as written to a uinput device: a `timeval` (two longs: 16 bytes on 64-bit
 * kernels, 8 on 32-bit ARM), then u16 type, u16 code, s32 value, little-endian. The time is left zero: uinput
 * stamps events itself.
 */
export const EV_SYN = 0x00;
export const EV_KEY = 0x01;
export const EV_ABS = 0x03;
export const SYN_REPORT = 0;

/** Size of one record: 24 bytes on 64-bit (x64, arm64), 16 on 32-bit (armv7). */
export type InputEventSize = 16 | 24;

export interface InputEvent {
  type: number;
  code: number;
  value: number;
}

export function encodeInputEvents(events: readonly InputEvent[], size: InputEventSize): Uint8Array {
  const out = new Uint8Array(events.length * size);
  const view = new DataView(out.buffer);
  const timeBytes = size - 8;
  events.forEach((e, i) => {
    const at = i * size + timeBytes;
    view.setUint16(at, e.type, true);
    view.setUint16(at + 2, e.code, true);
    view.setInt32(at + 4, e.value, true);
  });
  return out;
}

export function decodeInputEvents(bytes: Uint8Array, size: InputEventSize): InputEvent[] {
  if (bytes.length % size !== 0) throw new Error(`${bytes.length} bytes is not a whole number of ${size}-byte input events`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const events: InputEvent[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    const base = at + size - 8;
    events.push({ type: view.getUint16(base, true), code: view.getUint16(base + 2, true), value: view.getInt32(base + 4, true) });
  }
  return events;
}

/** A key (or button) going down (1) or up (0), followed by the SYN_REPORT that makes readers see it. */
export function keyRecord(code: number, down: boolean, size: InputEventSize): Uint8Array {
  return encodeInputEvents([{ type: EV_KEY, code, value: down ? 1 : 0 }, { type: EV_SYN, code: SYN_REPORT, value: 0 }], size);
}
