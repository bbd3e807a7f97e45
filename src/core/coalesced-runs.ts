/**
 * A job that is asked for often but must never overlap itself (a reconciliation pass): asked for while it runs,
 * it runs once more right after, however many times it was asked. Pure: promises only.
 */
export class CoalescedRuns {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly job: () => Promise<void>,
    /** A run that throws is reported here; the next run is not affected. */
    private readonly failed: (err: unknown) => void,
    /** Checked before a queued run starts (false once the owner is stopping). */
    private readonly wanted: () => boolean = () => true,
  ) {}

  /** Runs the job now, or right after the running one; resolves when no run is left. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.job();
        } catch (err) {
          this.failed(err);
        }
      } while (this.again && this.wanted());
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** Resolves once the running job (and any queued run) has finished. */
  async idle(): Promise<void> {
    await this.running;
  }
}
