import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { entryMeta, type ImageType, resolveUnderRoot } from "../../core/media/gamelist-fields.ts";
import { parseGamelist } from "../../core/media/gamelist-xml.ts";
import { log } from "../../log.ts";
import { MediaFolderArt, realInside } from "./media-folder.ts";
import type { MediaRow, MetaStore } from "./meta-store.ts";

const logger = log.withTag("scrape");

/** A gamelist.xml larger than this is not read (the largest real ones are a few MB). */
export const MAX_GAMELIST_BYTES = 64 * 1024 * 1024;
/** Records between two yields to the event loop (and progress offers). */
const TICK_RECORDS = 256;

/** Counts of one system's run, as `currentSystem` reports them. */
export interface SystemProgress {
  processed: number;
  total: number;
  matched: number;
  skipped: number;
}

export interface ScrapeJob {
  meta: MetaStore;
  system: string;
  /** The system's folders (absolute), each a root its paths are bound to. */
  folders: readonly string[];
  force: boolean;
  progress: SystemProgress;
  /** Yields; throws when the run was cancelled. */
  tick(): Promise<void>;
  /** Files a forced run cut off earlier had already written (skipped when it goes on). */
  runDone?: ReadonlySet<string>;
  /** Notes a file written by this run, in the transaction that writes it. */
  written?(abs: string): void;
  home?: string;
}

export interface Scraper {
  id: string;
  name: string;
  /** Empty: every system. */
  supportedSystems: string[];
  scrapeSystem(job: ScrapeJob): Promise<void>;
}

const imageProps = (images: Partial<Record<ImageType, string>>) => Object.fromEntries(Object.entries(images).map(([t, p]) => [`image-${t}`, p as string]));

function realRootOf(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** EmulationStation `gamelist.xml` in each system folder: title metadata and artwork of the indexed files it names. */
export const gamelistScraper: Scraper = {
  id: "gamelist.xml",
  name: "ES gamelist.xml",
  supportedSystems: [],
  async scrapeSystem(job) {
    const { meta, progress } = job;
    const rows = meta.mediaOfSystem(job.system);
    const byPath = new Map(rows.map((r) => [r.abs, r]));
    const byLower = new Map(rows.map((r) => [r.abs.toLowerCase(), r]));
    const done = job.force ? new Set<string>(job.runDone) : meta.scrapedBy(this.id);
    for (const folder of job.folders) {
      const file = `${folder}/gamelist.xml`;
      if (!existsSync(file)) continue;
      let text: string;
      try {
        if (statSync(file).size > MAX_GAMELIST_BYTES) throw new Error(`larger than ${MAX_GAMELIST_BYTES} bytes`);
        text = readFileSync(file, "utf8");
      } catch (err) {
        logger.warn(`cannot read ${file}: ${(err as Error).message}`);
        continue;
      }
      const entries = parseGamelist(text).filter((e) => e.kind === "game");
      progress.total += entries.length;
      const realRoot = realRootOf(folder);
      const art = new MediaFolderArt(folder);
      const writes: Array<{ row: MediaRow; title: Record<string, string>; media: Record<string, string> }> = [];
      for (const [i, entry] of entries.entries()) {
        progress.processed++;
        const abs = resolveUnderRoot(folder, entry.fields.path as string, job.home);
        const row = abs === null ? undefined : (byPath.get(abs) ?? byLower.get(abs.toLowerCase()));
        if (!row || done.has(row.abs)) progress.skipped++;
        else {
          const m = entryMeta(entry);
          const images: Partial<Record<ImageType, string>> = {};
          for (const [type, p] of Object.entries(m.images) as Array<[ImageType, string]>) {
            const at = resolveUnderRoot(folder, p, job.home);
            if (at && realInside(at, realRoot)) images[type] = at;
          }
          Object.assign(images, art.find(row.abs, new Set(Object.keys(images) as ImageType[])));
          writes.push({ row, title: m.title as Record<string, string>, media: imageProps(images) });
          done.add(row.abs);
          progress.matched++;
        }
        if ((i + 1) % TICK_RECORDS === 0) {
          flush(job, writes, this.id);
          await job.tick();
        }
      }
      flush(job, writes, this.id);
      await job.tick();
    }
  },
};

/** Writes the collected records in one transaction, each marked done last. */
function flush(job: ScrapeJob, writes: Array<{ row: MediaRow; title: Record<string, string>; media: Record<string, string> }>, scraper: string): void {
  if (writes.length === 0) return;
  const { meta } = job;
  meta.transaction(() => {
    for (const w of writes) {
      meta.setTitleProps(w.row.system, w.row.title, w.title);
      meta.setMediaProps(w.row.abs, w.media);
      meta.markScraped(w.row.abs, scraper);
      job.written?.(w.row.abs);
    }
  });
  writes.length = 0;
}

/** Images in each system folder's `media/` tree (ES-DE, Batocera, Skraper layouts) for the indexed files. */
export const mediaFolderScraper: Scraper = {
  id: "media-folder",
  name: "ES media folder",
  supportedSystems: [],
  async scrapeSystem(job) {
    const { meta, progress } = job;
    const rows = meta.mediaOfSystem(job.system);
    const done = job.force ? new Set<string>(job.runDone) : meta.scrapedBy(this.id);
    for (const folder of job.folders) {
      const art = new MediaFolderArt(folder);
      if (!art.exists) continue;
      const mine = rows.filter((r) => r.abs.startsWith(`${folder}/`));
      progress.total += mine.length;
      const writes: Array<{ row: MediaRow; title: Record<string, string>; media: Record<string, string> }> = [];
      for (const [i, row] of mine.entries()) {
        progress.processed++;
        const images = done.has(row.abs) ? {} : art.find(row.abs);
        if (Object.keys(images).length === 0) progress.skipped++;
        else {
          writes.push({ row, title: {}, media: imageProps(images) });
          progress.matched++;
        }
        if ((i + 1) % TICK_RECORDS === 0) {
          flush(job, writes, this.id);
          await job.tick();
        }
      }
      flush(job, writes, this.id);
      await job.tick();
    }
  },
};

export const SCRAPERS: readonly Scraper[] = [gamelistScraper, mediaFolderScraper];
