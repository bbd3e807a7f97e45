/**
 * "Write what is playing": the running media's launch script goes to the next tag presented on any
 * write-capable reader, verified by reading back; and the reference's `**write:<text>` writer card (the next
 * tag scanned is written instead of launched). Both wait in the readers' pending writes, so
 * `readers.write.cancel` ends them and a wait that runs out fails with no-tag.
 */
import type { ActiveMedia } from "../../core/media-types.ts";
import { log, outside } from "../../log.ts";
import { playingScript } from "./playing-script.ts";

const logger = log.withTag("write");

/** How long a `**write:` card keeps its write armed, as the reference keeps a pending write (one minute). */
export const WRITER_CARD_WAIT_MS = 60_000;

export interface WritePlayingDeps {
  /** What runs now. */
  active(): ActiveMedia | null;
  /** The readers' next-tag write (ReadersService.writeNext): throws at once when no reader can write, else resolves with the reader's id once verified. */
  writeNext(text: string, opts: { waitMs?: number; ignoreUid?: string }): Promise<string>;
  /** Told how an armed `**write:` ended (sound feedback); must return at once. */
  written?(ok: boolean): void;
}

export interface Written {
  text: string;
  readerId: string;
}

export class WritePlaying {
  constructor(private readonly deps: WritePlayingDeps) {}

  /** Writes the playing media's launch script to the next tag presented; resolves once it reads back. */
  async writePlaying(): Promise<Written> {
    const text = playingScript(this.deps.active());
    logger.info(`writing what is playing (${outside(text, 120)}) to the next tag`);
    const readerId = await this.deps.writeNext(text, {});
    logger.info(`wrote what is playing to the tag on ${readerId}`);
    return { text, readerId };
  }

  /**
   * `**write:<text>`: arms a write of `text` to the next tag scanned (not the card that armed it, `sourceUid`)
   * and returns at once; the outcome goes to the log and `written`. Fails at once when no reader can write.
   */
  arm(text: string, sourceUid: string): void {
    // no write-capable reader: writeNext throws at once, so the scan fails visibly
    const done = this.deps.writeNext(text, { waitMs: WRITER_CARD_WAIT_MS, ignoreUid: sourceUid });
    logger.info("armed a write of the next tag scanned");
    done.then(
      (readerId) => {
        logger.info(`writer card: wrote the tag on ${readerId}`);
        this.deps.written?.(true);
      },
      (err: unknown) => {
        logger.warn(`writer card: the write did not happen: ${err instanceof Error ? err.message : String(err)}`);
        this.deps.written?.(false);
      },
    );
  }
}
