/**
 * The PN532 host link over a serial port: one command at a time, frame → ACK → answer. Recovers without
 * giving up the port: a NACK, an error frame, a missing ACK or garbage resends the command; a corrupt or
 * cut-off answer is asked for again with a NACK (the chip repeats its last answer); an ACK that got lost is
 * forgiven when the answer itself arrives. A command that still fails after its retries rejects with
 * Pn532LinkError; the driver then treats the reader as failed.
 */
import type { SerialPort } from "../../runtime/types.ts";
import { ACK, commandFrame, type FrameItem, FrameParser, NACK, TFI_CHIP, WAKE_UP } from "./frame.ts";

export class Pn532LinkError extends Error {
  constructor(
    message: string,
    /** The port itself failed (closed, device gone): no point retrying on it. */
    readonly fatal = false,
  ) {
    super(message);
    this.name = "Pn532LinkError";
  }
}

export class Pn532Aborted extends Error {
  constructor() {
    super("command aborted");
    this.name = "Pn532Aborted";
  }
}

export interface CommandOptions {
  /** Time allowed for the answer after the ACK; ignored while `signal` may still abort the wait. */
  timeoutMs?: number;
  /** Waits for the answer without a time limit until aborted (the host then sends ACK to cancel). */
  signal?: AbortSignal;
}

export interface LinkTuning {
  ackTimeoutMs: number;
  answerTimeoutMs: number;
  /** Times a command is sent before giving up. */
  attempts: number;
  /** NACKs sent for one answer before the command is sent again. */
  nacks: number;
}

export const DEFAULT_TUNING: LinkTuning = { ackTimeoutMs: 100, answerTimeoutMs: 250, attempts: 3, nacks: 2 };

/** After a recovery the chip may still send a late or repeated answer; it is drained for this long. */
const SETTLE_MS = 15;
/**
 * A frame that started but got no further bytes for this long was cut off (at 115200 baud the longest normal
 * frame takes about 23 ms, delivered in a steady stream); it is reported as corrupt so the host NACKs it.
 */
const STALL_MS = 50;

type Waiter = { resolve: (item: FrameItem | null) => void };

export class Pn532Link {
  private readonly parser = new FrameParser();
  private items: FrameItem[] = [];
  private waiter: Waiter | null = null;
  private closedError: Pn532LinkError | null = null;
  private needsWake = true;
  private busy: Promise<unknown> = Promise.resolve();
  private stall: ReturnType<typeof setTimeout> | null = null;
  /** Recoveries (resends, NACKs) since the link started; for tests and logs. */
  recoveries = 0;

  constructor(
    private readonly port: SerialPort,
    private readonly tuning: LinkTuning = DEFAULT_TUNING,
  ) {}

  start(): void {
    this.port.onData((chunk) => {
      for (const item of this.parser.push(chunk)) this.deliver(item);
      this.watchStall();
    });
    this.port.onClose((err) => {
      if (this.stall) clearTimeout(this.stall);
      this.closedError = new Pn532LinkError(err ? err.message : "port closed", true);
      this.deliver(null);
    });
  }

  /** Sends a command and resolves with the answer's data (the bytes after `D5 <code+1>`). Calls are queued. */
  command(code: number, params: ArrayLike<number> = [], opts: CommandOptions = {}): Promise<Uint8Array> {
    const run = this.busy.then(() => this.run(code, params, opts));
    this.busy = run.catch(() => undefined);
    return run;
  }

  private deliver(item: FrameItem | null): void {
    if (item) this.items.push(item);
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.resolve(item ? this.items.shift()! : null);
    }
  }

  /** While part of a frame is held back, a pause in the stream means the rest is not coming. */
  private watchStall(): void {
    if (this.stall) clearTimeout(this.stall);
    this.stall = null;
    if (this.parser.pending <= 1) return; // nothing, or a lone 00 that may start the next frame
    this.stall = setTimeout(() => {
      this.stall = null;
      if (this.parser.pending <= 1) return;
      this.parser.reset();
      this.deliver({ kind: "corrupt", reason: "cut-off frame" });
    }, STALL_MS);
  }

  /** Waits briefly and drops whatever arrived meanwhile (late answers to a command already settled). */
  private async settle(): Promise<void> {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    this.items = [];
    this.parser.reset();
  }

  /** The next item, or null on time-out, abort or a closed port. */
  private next(timeoutMs: number | null, signal?: AbortSignal): Promise<FrameItem | null> {
    if (this.items.length) return Promise.resolve(this.items.shift()!);
    if (this.closedError || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => finish(null);
      const finish = (item: FrameItem | null) => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (this.waiter === w) this.waiter = null;
        resolve(item);
      };
      const w: Waiter = { resolve: finish };
      this.waiter = w;
      if (timeoutMs !== null) timer = setTimeout(() => finish(null), timeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  private async send(bytes: Uint8Array): Promise<void> {
    if (this.closedError) throw this.closedError;
    try {
      await this.port.write(bytes);
    } catch (err) {
      throw new Pn532LinkError((err as Error).message, true);
    }
  }

  /** The answer's data when `item` answers `code`. */
  private answer(item: FrameItem | null, code: number): Uint8Array | null {
    return item?.kind === "frame" && item.body[0] === TFI_CHIP && item.body[1] === code + 1 ? item.body.subarray(2) : null;
  }

  private async run(code: number, params: ArrayLike<number>, opts: CommandOptions): Promise<Uint8Array> {
    const frame = commandFrame(code, params);
    const { ackTimeoutMs, answerTimeoutMs, attempts, nacks } = this.tuning;
    const name = `command 0x${code.toString(16).padStart(2, "0")}`;
    let lastProblem = "no answer";
    let recovered = false;
    const done = async (data: Uint8Array) => {
      if (recovered) await this.settle();
      return data;
    };
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) {
        this.recoveries++;
        recovered = true;
        await this.send(ACK); // cancel whatever the chip may still be doing with the last try
        await this.settle();
      }
      this.items = [];
      this.parser.reset();
      if (this.needsWake) {
        await this.send(WAKE_UP);
        this.needsWake = false;
      }
      await this.send(frame);
      const ack = await this.next(ackTimeoutMs);
      if (this.closedError) throw this.closedError;
      const early = this.answer(ack, code);
      if (early) return done(early); // the ACK was lost on the way
      if (!ack || ack.kind !== "ack") {
        lastProblem = ack ? `${ack.kind} instead of ACK` : "no ACK";
        if (!ack) this.needsWake = true;
        continue;
      }
      let nacked = 0;
      while (true) {
        const item = await this.next(opts.signal ? null : (opts.timeoutMs ?? answerTimeoutMs), opts.signal);
        if (this.closedError) throw this.closedError;
        if (opts.signal?.aborted && !item) {
          await this.send(ACK); // cancels the running command
          throw new Pn532Aborted();
        }
        const data = this.answer(item, code);
        if (data) return done(data);
        if (item?.kind === "frame" || item?.kind === "ack") continue; // stale answer to an earlier command
        if (item?.kind === "error" || item?.kind === "nack") {
          lastProblem = `${item.kind} frame`;
          break;
        }
        lastProblem = item ? `corrupt answer (${item.reason})` : "answer timed out";
        if (nacked >= nacks) break;
        nacked++;
        this.recoveries++;
        recovered = true;
        this.parser.reset();
        await this.send(NACK);
      }
    }
    throw new Pn532LinkError(`${name} failed after ${attempts} attempts: ${lastProblem}`);
  }
}
