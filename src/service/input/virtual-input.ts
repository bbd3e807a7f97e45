import type { Clock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import { keyRecord } from "../../core/input/input-event.ts";
import { GAMEPAD_BUTTONS, KEYBOARD_MAX_CODE } from "../../core/input/key-codes.ts";
import type { InputStep } from "../../core/input/key-plan.ts";
import { log } from "../../log.ts";
import type { UinputDevice, UinputDeviceSetup, UinputLoad } from "../../runtime/types.ts";

const logger = log.withTag("input");

export type VirtualDeviceKind = "keyboard" | "gamepad";

const BUS_USB = 0x03;
const ABS_X = 0x00;
const ABS_Y = 0x01;

/** The two devices: a full keyboard, and a gamepad with the reference's ids, its buttons and a d-pad. */
export const DEVICE_SETUPS: Readonly<Record<VirtualDeviceKind, UinputDeviceSetup>> = {
  keyboard: { name: "tapserve keyboard", bustype: BUS_USB, vendor: 0x4711, product: 0x0815, version: 1, keys: Array.from({ length: KEYBOARD_MAX_CODE }, (_, i) => i + 1) },
  gamepad: {
    name: "tapserve gamepad",
    bustype: BUS_USB,
    vendor: 0x1234,
    product: 0x5678,
    version: 1,
    keys: GAMEPAD_BUTTONS,
    axes: [ABS_X, ABS_Y].map((code) => ({ code, min: -32768, max: 32767 })),
  },
};

interface Open {
  device: UinputDevice;
  eventSize: 16 | 24;
}

/**
 * One virtual keyboard and one virtual gamepad through the runtime's uinput, each created on first use and
 * kept until the service stops. Sequences run one at a time (a second waits for the first), so two callers'
 * keys never interleave. Each key change is one write: the EV_KEY record and its SYN_REPORT.
 */
export class VirtualInput {
  private readonly open = new Map<VirtualDeviceKind, Open>();
  private load: UinputLoad | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly deps: {
      /** The runtime's uinput; absent when the runtime cannot create devices at all. */
      uinput?: () => UinputLoad;
      runtimeName: string;
      clock: Clock;
    },
  ) {}

  /** Performs the steps on the device (creating it first if needed); resolves once the last key is released. */
  run(kind: VirtualDeviceKind, steps: readonly InputStep[]): Promise<void> {
    const next = this.queue.then(() => this.perform(kind, steps));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Destroys the devices (the kernel releases anything still held). */
  close(): void {
    this.closed = true;
    for (const [kind, o] of this.open) {
      try {
        o.device.close();
      } catch (err) {
        logger.warn(`closing the virtual ${kind} failed: ${(err as Error).message}`);
      }
    }
    this.open.clear();
  }

  private device(kind: VirtualDeviceKind): Open {
    const existing = this.open.get(kind);
    if (existing) return existing;
    if (!this.deps.uinput) throw new DomainError("unsupported", `virtual ${kind} not supported on this runtime (${this.deps.runtimeName})`);
    this.load ??= this.deps.uinput();
    if (!this.load.ok) throw new DomainError("unsupported", `virtual ${kind} not supported on this runtime (${this.deps.runtimeName}): ${this.load.reason}`);
    let device: UinputDevice;
    try {
      device = this.load.factory.create(DEVICE_SETUPS[kind]);
    } catch (err) {
      throw new DomainError("unsupported", `virtual ${kind} not supported here: ${(err as Error).message}`);
    }
    logger.info(`virtual ${kind} created`);
    const o = { device, eventSize: this.load.factory.eventSize };
    this.open.set(kind, o);
    return o;
  }

  private async perform(kind: VirtualDeviceKind, steps: readonly InputStep[]): Promise<void> {
    if (this.closed) throw new DomainError("unavailable", "the service is stopping");
    const { device, eventSize } = this.device(kind);
    const held = new Set<number>();
    try {
      for (const step of steps) {
        if (step.op === "wait") {
          await new Promise<void>((resolve) => this.deps.clock.set(resolve, step.ms));
          if (this.closed) throw new DomainError("unavailable", "the service is stopping");
          continue;
        }
        device.write(keyRecord(step.code, step.op === "down", eventSize));
        if (step.op === "down") held.add(step.code);
        else held.delete(step.code);
      }
    } catch (err) {
      if (this.closed) throw err;
      for (const code of [...held].reverse()) {
        try {
          device.write(keyRecord(code, false, eventSize));
        } catch {
          break;
        }
      }
      if (err instanceof DomainError) throw err;
      this.open.delete(kind); // recreated on next use
      try {
        device.close();
      } catch {
        // already broken
      }
      throw new DomainError("failed", `virtual ${kind}: ${(err as Error).message}`);
    }
  }
}
