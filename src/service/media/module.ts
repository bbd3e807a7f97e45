import type { AppModule, CoreContext } from "../../app-module.ts";
import type { ActiveMediaSource, MediaItem, MediaLibrary, SystemDefinition } from "../../core/media-types.ts";
import { systemCatalog } from "../../core/systems/catalog.ts";
import { mediaRoots, zipsAsFolders } from "../../platform/media-roots.ts";
import { MediaIndexer } from "./indexer.ts";
import { MediaStore } from "./media-store.ts";
import { mediaMethods } from "./methods.ts";
import { indexingStatus, ProgressThrottle } from "./status.ts";
import { existsSync } from "node:fs";

/** Minimum time between two `media.indexing` notifications of a run (the first and last always go out). */
export const PROGRESS_INTERVAL_MS = 250;

export interface MediaModuleDeps {
  /** The launcher state, for the `active` list of `media`; nothing is active without it. */
  activeMedia?: () => ActiveMediaSource | undefined;
  /** Clock for the progress throttle (tests). */
  now?: () => number;
}

/**
 * Media index and search: `media.db` in the data folder, the indexer, the methods, and `library` for the
 * launch pipeline.
 */
export class MediaModule implements AppModule {
  readonly name = "media";
  readonly library: MediaLibrary;
  private readonly catalog = systemCatalog();
  private readonly store: MediaStore;
  private readonly indexer: MediaIndexer;

  constructor(
    private readonly core: CoreContext,
    private readonly deps: MediaModuleDeps = {},
  ) {
    this.store = new MediaStore(core.runtime, core.dataDir, this.catalog);
    const throttle = new ProgressThrottle(PROGRESS_INTERVAL_MS, deps.now ?? Date.now, (s) => core.bus.publish("media.indexing", s));
    this.indexer = new MediaIndexer({
      runtime: core.runtime,
      store: this.store,
      catalog: this.catalog,
      roots: () => this.rootFolders(),
      zipsAsFolders: () => zipsAsFolders(core.platform),
      onProgress: (progress, force) => throttle.offer(indexingStatus(this.store, progress), force),
    });
    this.library = this.makeLibrary();
  }

  rootFolders(): string[] {
    return mediaRoots(this.core.config.current.launchers.index_root, this.core.platform, undefined, this.core.platformRoot);
  }

  status() {
    return indexingStatus(this.store, this.indexer.currentProgress);
  }

  methods() {
    return mediaMethods({
      catalog: this.catalog,
      store: this.store,
      indexer: this.indexer,
      status: () => this.status(),
      activeMedia: () => this.deps.activeMedia?.(),
    });
  }

  start(): void {
    this.store.open();
  }

  async stop(): Promise<void> {
    await this.indexer.interrupt();
    this.store.close();
  }

  private makeLibrary(): MediaLibrary {
    const { catalog, store } = this;
    return {
      systemById: (id: string): SystemDefinition | undefined => catalog.byIdExact(id),
      systemForPath: (path: string) => catalog.systemForPath(path),
      search: (query: string, systems: readonly string[], maxResults: number) => store.search(query, systems, maxResults),
      random: (systems: readonly string[]): MediaItem | undefined => store.random(systems),
      resolvePath: (path: string) => {
        const candidates = store.absoluteCandidates(path);
        return candidates.find((p) => existsSync(p)) ?? candidates[0];
      },
      rootFolders: () => this.rootFolders(),
    };
  }
}
