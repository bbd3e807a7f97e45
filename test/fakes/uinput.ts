/**
 * A recording stand-in for Linux uinput below the runtime seam: `create` returns a device that keeps every
 * write as it came (the exact `input_event` bytes) with the time it arrived, so tests check records, their
 * order and their spacing.
 */
import { decodeInputEvents, type InputEvent } from "../../src/core/input/input-event.ts";
import type { UinputDevice, UinputDeviceSetup, UinputFactory, UinputLoad } from "../../src/runtime/types.ts";

export class RecordedDevice implements UinputDevice {
  readonly writes: Array<{ at: number; bytes: Uint8Array }> = [];
  closed = false;

  constructor(
    readonly setup: UinputDeviceSetup,
    private readonly eventSize: 16 | 24,
    private readonly now: () => number,
  ) {}

  write(records: Uint8Array): void {
    if (this.closed) throw new Error("write on a closed device");
    this.writes.push({ at: this.now(), bytes: records.slice() });
  }

  close(): void {
    this.closed = true;
  }

  /** Every record written, decoded. */
  events(): InputEvent[] {
    return this.writes.flatMap((w) => decodeInputEvents(w.bytes, this.eventSize));
  }

  /** Key changes as `+30` (down) / `-30` (up), with the time of each. */
  keys(): Array<{ key: string; at: number }> {
    return this.writes.flatMap((w) =>
      decodeInputEvents(w.bytes, this.eventSize)
        .filter((e) => e.type === 1)
        .map((e) => ({ key: `${e.value ? "+" : "-"}${e.code}`, at: w.at })),
    );
  }
}

export class RecordingUinput implements UinputFactory {
  readonly devices: RecordedDevice[] = [];
  /** When set, `create` fails with this message (as a missing or read-only /dev/uinput would). */
  failWith: string | null = null;

  constructor(
    readonly eventSize: 16 | 24 = 24,
    private readonly now: () => number = () => 0,
  ) {}

  create(setup: UinputDeviceSetup): UinputDevice {
    if (this.failWith) throw new Error(this.failWith);
    const d = new RecordedDevice(setup, this.eventSize, this.now);
    this.devices.push(d);
    return d;
  }

  load = (): UinputLoad => ({ ok: true, factory: this });

  device(name: RegExp): RecordedDevice | undefined {
    return this.devices.find((d) => name.test(d.setup.name));
  }
}
