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
import { type ScrapeCounts, type ScrapeRunRecord, ScrapeRunStore } from "./scrape-run-store.ts";
import { SCRAPERS, type Scraper, type SystemProgress } from "./scrapers.ts";

const logger = log.withTag("scrape");

/** Minimum time between two `media.scraping` events of a run (the first and last always go out). */
export const SCRAPE_PROGRESS_INTERVAL_MS = 250;

class ScrapeCancelled extends Error {}

const zeroCounts = (): ScrapeCounts => ({ processed: 0, total: 0, matched: 0, skipped: 0 });

/** What the scrape runs need of the media service. */
export interface ScrapeHost {
  readonly indexing: boolean;
  rootFolders(): string[];
  systemsById(ids: readonly string[]): SystemDefinition[];
}

/**
 * Scrape runs, one at a time and never while an index is built: a scraper enriches the indexed media of each
 * system in the background, `media.scraping` tells its progress; metadata lands in the served index's `meta_*`
 * tables and moves into every new index file (carryMeta). A run is recorded as it goes (ScrapeRunStore): one cut
 * off by a restart is reported paused and goes on after its last finished system on `media.scrape.resume`.
 */
export class ScrapeService {
  readonly meta: MetaStore;
  private readonly runs: ScrapeRunStore;
  private readonly catalog = systemCatalog();
  private current: Promise<void> | null = null;
  /** Why the run is being stopped: cancelled (forgotten) or interrupted (kept, to go on later). */
  private stopping: "cancel" | "interrupt" | null = null;
  private status: ScrapingStatus | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;
  private scrapedAtStart = 0;
  private matchedAtStart = 0;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly host: ScrapeHost,
    private readonly store: MediaStore,
  ) {
    this.meta = new MetaStore(store);
    this.runs = new ScrapeRunStore(store);
    store.onSwap = carryMeta;
  }

  get scrapers(): readonly Scraper[] {
    return SCRAPERS;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** A run cut off by a restart (or a stop), waiting for `resume`; null when none (or one is running). */
  private paused(): ScrapeRunRecord | null {
    return this.current || this.status?.scraping ? null : this.runs.load();
  }

  /**
   * The run's status, or the idle (last finished) one, with the count of scraped media: counted afresh when no
   * run is going, else the count at its start plus what it matched (progress events stay cheap). A run cut off
   * by a restart is `paused` (scraping, not done) with the counts of the systems it had finished.
   */
  currentStatus(): ScrapingStatus {
    const paused = this.paused();
    if (paused) return this.pausedStatus(paused);
    const idle: ScrapingStatus = { force: false, processed: 0, total: 0, matched: 0, skipped: 0, totalScraped: 0, scraping: false, done: false, paused: false, state: "idle" };
    const s = this.status ?? idle;
    const totalScraped = s.scraping && !s.force ? this.scrapedAtStart + s.matched - this.matchedAtStart : s.scraping ? this.scrapedAtStart : this.meta.scrapedCount();
    return { ...s, totalScraped };
  }

  private pausedStatus(r: ScrapeRunRecord): ScrapingStatus {
    const next = r.plan[r.done.length];
    const name = next === undefined ? undefined : (this.catalog.byIdExact(next)?.name ?? next);
    return {
      scraperId: r.scraperId,
      state: "paused",
      force: r.force,
      totalSteps: r.plan.length,
      currentStep: Math.min(r.plan.length, r.done.length + 1),
      ...(name === undefined ? {} : { currentStepDisplay: name }),
      ...r.counts,
      totalScraped: this.meta.scrapedCount(),
      scraping: true,
      done: false,
      paused: true,
    };
  }

  /** Refusals common to starting and resuming (no index, indexing, another scrape). */
  private checkFree(): void {
    if (!this.store.exists) throw new DomainError("unavailable", "no media index: index media before scraping");
    if (this.host.indexing) throw new DomainError("busy", "media indexing is in progress; scrape when it is done");
    if (this.current) throw new DomainError("busy", "scraping already in progress");
  }

  /** Starts a run; refuses at once (unknown scraper or system, no index, indexing, another scrape, a paused one). */
  start(scraperId: string, systemIds: readonly string[], force: boolean): void {
    const scraper = SCRAPERS.find((s) => s.id === scraperId);
    if (!scraper) throw new DomainError("invalid", `unknown scraper: ${scraperId} (known: ${SCRAPERS.map((s) => s.id).join(", ")})`);
    const asked = this.host.systemsById(systemIds);
    this.checkFree();
    if (this.runs.load()) throw new DomainError("busy", "a scrape cut off by a restart is paused: resume it (media.scrape.resume) or cancel it first");
    const indexed = new Set(this.store.indexedSystems().map((s) => s.id));
    const targets = (asked.length ? asked : this.catalog.all)
      .filter((s) => indexed.has(s.id))
      .filter((s) => scraper.supportedSystems.length === 0 || scraper.supportedSystems.includes(s.id));
    const plan = planIndex(this.catalog, this.host.rootFolders(), targets);
    const record: ScrapeRunRecord = { scraperId: scraper.id, plan: plan.map((p) => p.system.id), force, done: [], counts: zeroCounts() };
    this.runs.save(record, true);
    this.launch(scraper, record, false);
  }

  /**
   * Goes on with a run cut off by a restart, after the systems it had finished (files it had done in the system
   * it was in are skipped); false when there is none. Refused while indexing.
   */
  resume(): boolean {
    const record = this.paused();
    if (!record) return false;
    this.checkFree();
    const scraper = SCRAPERS.find((s) => s.id === record.scraperId);
    if (!scraper) {
      logger.warn(`dropping the paused scrape of unknown scraper ${record.scraperId}`);
      this.runs.clear();
      return false;
    }
    logger.info(`resuming the interrupted ${scraper.id} scrape: ${record.done.length} of ${record.plan.length} systems were finished before`);
    this.launch(scraper, record, true);
    return true;
  }

  private launch(scraper: Scraper, record: ScrapeRunRecord, resumed: boolean): void {
    this.stopping = null;
    this.current = this.run(scraper, record, resumed).finally(() => {
      this.current = null;
      this.stopping = null;
    });
  }

  /** Stops a run at its next step, or forgets a paused one (what it wrote stays); false when there was none. */
  async cancel(): Promise<boolean> {
    const run = this.current;
    if (!run) {
      const paused = this.runs.load();
      if (!paused) return false;
      this.runs.clear();
      this.status = { ...this.pausedStatus(paused), state: "cancelled", scraping: false, done: true, paused: false };
      this.publish(true);
      return true;
    }
    this.stopping = "cancel";
    await run;
    return true;
  }

  /** Stops a run at its next step keeping its record, to go on after a restart (the service is stopping). */
  async interrupt(): Promise<void> {
    const run = this.current;
    if (!run) return;
    this.stopping ??= "interrupt";
    await run;
  }

  private publish(force: boolean): void {
    const now = this.ctx.clock.now();
    if (!force && now - this.lastSent < SCRAPE_PROGRESS_INTERVAL_MS) return;
    this.lastSent = now;
    this.ctx.events.publish("media.scraping", this.currentStatus());
  }

  private async run(scraper: Scraper, record: ScrapeRunRecord, resumed: boolean): Promise<void> {
    const { force } = record;
    const plan = planIndex(this.catalog, this.host.rootFolders(), this.host.systemsById(record.plan));
    const s: ScrapingStatus = { scraperId: scraper.id, state: "running", force, totalSteps: plan.length, ...record.counts, totalScraped: 0, scraping: true, done: false, paused: false };
    this.scrapedAtStart = this.meta.scrapedCount();
    this.matchedAtStart = s.matched;
    this.status = s;
    this.publish(true);
    const runDone = force && resumed ? this.runs.doneFiles() : new Set<string>();
    const written = force ? (abs: string) => this.runs.markDone(abs) : undefined;
    const finished = new Set(record.done);
    const started = Date.now();
    try {
      for (const [i, step] of plan.entries()) {
        if (finished.has(step.system.id)) continue;
        const progress: SystemProgress = zeroCounts();
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
          if (this.stopping || !this.store.exists) throw new ScrapeCancelled();
          sync();
          this.publish(false);
        };
        await tick();
        await scraper.scrapeSystem({ meta: this.meta, system: step.system.id, folders: step.folders, force, progress, home: homedir(), tick, runDone, ...(written ? { written } : {}) });
        sync();
        record.done.push(step.system.id);
        record.counts = { processed: s.processed, total: s.total, matched: s.matched, skipped: s.skipped };
        this.runs.save(record);
      }
      s.state = "completed";
      logger.info(`${scraper.id}: ${s.matched} of ${s.processed} records matched in ${plan.length} systems in ${Date.now() - started} ms`);
    } catch (err) {
      if (err instanceof ScrapeCancelled) s.state = this.stopping === "interrupt" ? "paused" : "cancelled";
      else {
        s.state = "failed";
        s.error = (err as Error).message;
        logger.error(`${scraper.id} scrape failed:`, err);
      }
    }
    if (s.state === "paused") {
      logger.info(`${scraper.id} scrape interrupted after ${record.done.length} of ${plan.length} systems; it goes on when resumed`);
      this.status = null; // reported from its record from here on
      return;
    }
    try {
      this.runs.clear();
    } catch (err) {
      logger.warn(`cannot clear the scrape run record: ${(err as Error).message}`);
    }
    s.scraping = false;
    s.done = true;
    delete s.systemId;
    this.publish(true);
  }
}
