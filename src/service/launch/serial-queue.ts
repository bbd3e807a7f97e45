import { log } from "../../log.ts";

const logger = log.withTag("launch");

/**
 * Runs jobs one at a time in arrival order. `push` returns at once; a failing job is logged and the next one
 * runs. Generic: the launch module queues tokens on it.
 */
export class SerialQueue<T> {
  private readonly items: T[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly run: (item: T) => Promise<void>,
    /** Most jobs waiting at once; `push` refuses more. */
    readonly capacity = Number.POSITIVE_INFINITY,
  ) {}

  get full(): boolean {
    return this.items.length >= this.capacity;
  }

  get length(): number {
    return this.items.length;
  }

  /** Queues a job; false when the queue is closed or full. */
  push(item: T): boolean {
    if (this.closed || this.full) return false;
    this.items.push(item);
    this.running ??= this.drain();
    return true;
  }

  private async drain(): Promise<void> {
    try {
      for (let item = this.items.shift(); item !== undefined; item = this.items.shift()) {
        try {
          await this.run(item);
        } catch (err) {
          logger.error("queued job failed:", err);
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Drops queued jobs, refuses new ones and waits for the running one. */
  async close(): Promise<void> {
    this.closed = true;
    this.items.length = 0;
    await this.idle();
  }
}
