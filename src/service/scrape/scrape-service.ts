import { homedir } from "node:os";
import { DomainError } from "../../core/errors.ts";
import type { SystemDefinition } from "../../core/media-types.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import type { ScrapingStatus } from "../../core/wire/media-meta.ts";
import { log } from "../../log.ts";
import type { ServiceContext } from "../context.ts";
import { planIndex } from "../media/indexer.ts";
import type { MediaStore } from "../media/media-store.ts";
import { carryMeta, MetaStore } from "./meta-store.ts";
import { SCRAPERS, type Scraper, type SystemProgress } from "./scrapers.ts";

const logger = log.withTag("scrape");

/** Minimum time between two `media.scraping` events of a run (the first and last always go out). */
export const SCRAPE_PROGRESS_INTERVAL_MS = 250;

class ScrapeCancelled extends Error {}

/** What the scrape runs need of the media service. */
export interface ScrapeHost {
  readonly indexing: boolean;
  rootFolders(): string[];
  systemsById(ids: readonly string[]): SystemDefinition[];
}

/**
 * Scrape runs, one at a time and never while an index is built: a scraper enriches the indexed media of each
 * system in the background, `media.scraping` tells its progress; metadata lands in the served index's `meta_*`
 * tables and moves into every new index file (carryMeta).
 */
export class ScrapeService {
  readonly meta: MetaStore;
  private readonly catalog = systemCatalog();
  private current: Promise<void> | null = null;
  private cancelled = false;
  private status: ScrapingStatus | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;
  private scrapedAtStart = 0;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly host: ScrapeHost,
    private readonly store: MediaStore,
  ) {
    this.meta = new MetaStore(store);
    store.onSwap = carryMeta;
  }

  get scrapers(): readonly Scraper[] {
    return SCRAPERS;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /**
   * The run's status, or the idle (last finished) one, with the count of scraped media: counted afresh when no
   * run is going, else the count at its start plus what it matched (progress events stay cheap).
   */
  currentStatus(): ScrapingStatus {
    const idle: ScrapingStatus = { force: false, processed: 0, total: 0, matched: 0, skipped: 0, totalScraped: 0, scraping: false, done: false, paused: false, state: "idle" };
    const s = this.status ?? idle;
    const totalScraped = s.scraping && !s.force ? this.scrapedAtStart + s.matched : s.scraping ? this.scrapedAtStart : this.meta.scrapedCount();
    return { ...s, totalScraped };
  }

  /** Starts a run; refuses at once (unknown scraper or system, no index, indexing, another scrape). */
  start(scraperId: string, systemIds: readonly string[], force: boolean): void {
    const scraper = SCRAPERS.find((s) => s.id === scraperId);
    if (!scraper) throw new DomainError("invalid", `unknown scraper: ${scraperId} (known: ${SCRAPERS.map((s) => s.id).join(", ")})`);
    const asked = this.host.systemsById(systemIds);
    if (!this.store.exists) throw new DomainError("unavailable", "no media index: index media before scraping");
    if (this.host.indexing) throw new DomainError("busy", "media indexing is in progress; scrape when it is done");
    if (this.current) throw new DomainError("busy", "scraping already in progress");
    const indexed = new Set(this.store.indexedSystems().map((s) => s.id));
    const targets = (asked.length ? asked : this.catalog.all)
      .filter((s) => indexed.has(s.id))
      .filter((s) => scraper.supportedSystems.length === 0 || scraper.supportedSystems.includes(s.id));
    this.cancelled = false;
    this.current = this.run(scraper, targets, force).finally(() => {
      this.current = null;
    });
  }

  /** Stops a run at its next step (what it wrote stays); false when none was running. */
  async cancel(): Promise<boolean> {
    const run = this.current;
    if (!run) return false;
    this.cancelled = true;
    await run;
    return true;
  }

  private publish(force: boolean): void {
    const now = this.ctx.clock.now();
    if (!force && now - this.lastSent < SCRAPE_PROGRESS_INTERVAL_MS) return;
    this.lastSent = now;
    this.ctx.events.publish("media.scraping", this.currentStatus());
  }

  private async run(scraper: Scraper, targets: readonly SystemDefinition[], force: boolean): Promise<void> {
    const plan = planIndex(this.catalog, this.host.rootFolders(), targets);
    const s: ScrapingStatus = { scraperId: scraper.id, state: "running", force, totalSteps: plan.length, processed: 0, total: 0, matched: 0, skipped: 0, totalScraped: 0, scraping: true, done: false, paused: false };
    this.scrapedAtStart = this.meta.scrapedCount();
    this.status = s;
    this.publish(true);
    const started = Date.now();
    try {
      for (const [i, step] of plan.entries()) {
        const progress: SystemProgress = { processed: 0, total: 0, matched: 0, skipped: 0 };
        const before = { processed: s.processed, total: s.total, matched: s.matched, skipped: s.skipped };
        const sync = () => {
          s.currentSystem = { systemId: step.system.id, systemName: step.system.name, ...progress };
          s.processed = before.processed + progress.processed;
          s.total = before.total + progress.total;
          s.matched = before.matched + progress.matched;
          s.skipped = before.skipped + progress.skipped;
        };
        s.currentStep = i + 1;
        s.currentStepDisplay = step.system.name;
        s.systemId = step.system.id;
        const tick = async () => {
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (this.cancelled || !this.store.exists) throw new ScrapeCancelled();
          sync();
          this.publish(false);
        };
        await tick();
        await scraper.scrapeSystem({ meta: this.meta, system: step.system.id, folders: step.folders, force, progress, home: homedir(), tick });
        sync();
      }
      s.state = "completed";
      logger.info(`${scraper.id}: ${s.matched} of ${s.processed} records matched in ${plan.length} systems in ${Date.now() - started} ms`);
    } catch (err) {
      if (err instanceof ScrapeCancelled) s.state = "cancelled";
      else {
        s.state = "failed";
        s.error = (err as Error).message;
        logger.error(`${scraper.id} scrape failed:`, err);
      }
    }
    s.scraping = false;
    s.done = true;
    delete s.systemId;
    this.publish(true);
  }
}
