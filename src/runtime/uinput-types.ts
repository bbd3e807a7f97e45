/**
 * Linux uinput behind the runtime seam: a factory that creates virtual input devices. The caller encodes the
 * `struct input_event` records itself (src/core/input/input-event.ts) in the size the factory names, and writes
 * them; tests put a recording factory here (test/fakes/uinput.ts).
 */
export interface UinputDeviceSetup {
  /** Device name as `/proc/bus/input/devices` shows it (at most 79 bytes). */
  name: string;
  bustype: number;
  vendor: number;
  product: number;
  version: number;
  /** Key / button codes the device can send (EV_KEY bits). */
  keys: readonly number[];
  /** Absolute axes (EV_ABS bits) with their range, for devices that must look like a joystick. */
  axes?: ReadonlyArray<{ code: number; min: number; max: number }>;
}

export interface UinputDevice {
  /** Writes whole `input_event` records; throws with the reason when the kernel refuses. */
  write(records: Uint8Array): void;
  /** Destroys the virtual device and closes its file. */
  close(): void;
}

export interface UinputFactory {
  /** Bytes per `struct input_event` for this process: 24 on 64-bit, 16 on 32-bit ARM. */
  readonly eventSize: 16 | 24;
  /** Opens `/dev/uinput` and creates the device; throws an Error whose message says why not (ENOENT, EACCES …). */
  create(setup: UinputDeviceSetup): UinputDevice;
}

export type UinputLoad = { ok: true; factory: UinputFactory } | { ok: false; reason: string };
