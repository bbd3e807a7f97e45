import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../../config/atomic-write.ts";
import { CONFIG_SCHEMA_VERSION } from "../../config/schema.ts";
import { DomainError } from "../../core/errors.ts";
import type { BackupListEntry, BackupStatus, LocalBackup, RemoteBackupList, RemoteRestoreResult, RemoteRunResult, RestoreResult } from "../../core/wire/backup.ts";
import { BACKUP_NAME } from "../../core/wire/backup.ts";
import type { Migration } from "../../db/migrate.ts";
import { log } from "../../log.ts";
import type { LinkService } from "../auth/link-service.ts";
import type { ServiceContext } from "../context.ts";
import type { Manifest } from "./archive.ts";
import type { RemoteClient } from "./remote-client.ts";
import { BackupStatusStore } from "./status-store.ts";

type Work = typeof import("./backup-work.ts");
let workModule: Work | undefined;
/** The operations' code (backup-work.ts), loaded at the first one; a require, so the sync ones stay sync. */
const work = (): Work => (workModule ??= require("./backup-work.ts") as Work);

const logger = log.withTag("backup");
const HOUR = 3_600_000;
const PERIOD = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;

export interface BackupDeps {
  ctx: ServiceContext;
  migrations: readonly Migration[];
  link: LinkService;
  coreVersion: string;
  /** True while media runs or launches: a restore then waits (as the reference refuses it). */
  mediaActive?: () => boolean;
  /** Runs after a restore was applied and the config reloaded (e.g. file mappings reloaded). */
  afterRestore?: () => void;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

/**
 * Device backups: local archives in `<data>/backups` (config.toml, auth.toml, a consistent copy of the user
 * database, mapping files), listed, inspected, deleted and restored through a verified, staged apply; and a
 * remote copy (without credentials) uploaded to the backup server the device is linked to, by hand or on the
 * `backup.remote.schedule`. One operation runs at a time; each is announced with `backup.state`.
 */
export class BackupService {
  readonly name = "backup";
  private readonly status: BackupStatusStore;
  private active: { operation: string; since: string } | null = null;
  private timer: unknown = null;

  constructor(private readonly deps: BackupDeps) {
    this.status = new BackupStatusStore(join(deps.ctx.dataDir, "backup-status.json"));
  }

  private get ctx() {
    return this.deps.ctx;
  }

  get dir(): string {
    return this.ctx.config.current.backup.local_dir || join(this.ctx.dataDir, "backups");
  }

  private now(): Date {
    return new Date(this.ctx.clock.now());
  }

  private async exclusive<T>(operation: string, fn: () => Promise<T> | T): Promise<T> {
    if (this.active) throw new DomainError("busy", `backup is busy with ${this.active.operation}`);
    this.active = { operation, since: this.now().toISOString() };
    this.ctx.events.publish("backup.state", { operation, paused: false, throttled: false });
    try {
      return await fn();
    } finally {
      this.active = null;
      this.ctx.events.publish("backup.state", { operation, paused: false, throttled: false, finished: true });
    }
  }

  private archive(credentials: boolean, createdAt: Date) {
    const { config } = this.ctx;
    return work().collectArchive(
      {
        configPath: config.path,
        authPath: join(dirname(config.path), "auth.toml"),
        mappingsDir: join(this.ctx.dataDir, "mappings"),
        userDb: this.ctx.userDb,
        scratchDbPath: join(this.ctx.dataDir, ".backup-user.db"),
        platform: this.ctx.platform,
        coreVersion: this.deps.coreVersion,
        configSchema: CONFIG_SCHEMA_VERSION,
        userDbVersion: this.deps.migrations.length,
        credentials,
      },
      createdAt,
    );
  }

  private info(name: string, manifest: Manifest, integrity: "valid" | "unchecked"): LocalBackup {
    const path = join(this.dir, name);
    return {
      name,
      path,
      createdAt: manifest.createdAt,
      size: statSync(path).size,
      status: manifest.warnings?.length ? "partial" : "success",
      integrity,
      categories: manifest.categories,
      ...(manifest.warnings?.length ? { warnings: manifest.warnings } : {}),
    };
  }

  private createNow(kind: string): LocalBackup {
    const createdAt = this.now();
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    let name = `backup-${stamp(createdAt)}-${kind}.zip`;
    for (let n = 2; existsSync(join(this.dir, name)); n++) name = `backup-${stamp(createdAt)}-${kind}-${n}.zip`;
    const { bytes, manifest } = this.archive(true, createdAt);
    writeFileAtomic(join(this.dir, name), bytes);
    logger.info(`backup ${name} written (${bytes.length} bytes)`);
    return this.info(name, manifest, "valid");
  }

  /** `settings.backup`: a new local archive. */
  create(): Promise<LocalBackup> {
    return this.exclusive("local-create", () => {
      const at = this.now().toISOString();
      try {
        const info = this.createNow("manual");
        this.status.update("local", { lastRunAt: at, lastSuccessAt: at, lastStatus: info.status, lastBackupSize: info.size, categories: info.categories }, ["lastError"]);
        return info;
      } catch (err) {
        this.status.update("local", { lastRunAt: at, lastStatus: "failed", lastError: (err as Error).message });
        throw err;
      }
    });
  }

  list(): BackupListEntry[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((n) => BACKUP_NAME.test(n))
      .map((name) => {
        const st = statSync(join(this.dir, name));
        return { name, path: join(this.dir, name), createdAt: st.mtime.toISOString(), size: st.size };
      })
      .sort((a, b) => b.name.localeCompare(a.name));
  }

  private read(name: string, verify: boolean) {
    const path = join(this.dir, name);
    if (!BACKUP_NAME.test(name) || !existsSync(path)) throw new DomainError("not-found", `no backup named ${name}`);
    if (statSync(path).size > work().MAX_ARCHIVE_BYTES) throw new DomainError("failed", `backup ${name} is larger than ${work().MAX_ARCHIVE_BYTES} bytes`);
    try {
      return work().openArchive(readFileSync(path), verify);
    } catch (err) {
      if (err instanceof work().ArchiveError) throw new DomainError("failed", `backup ${name} cannot be used: ${err.message}`);
      throw err;
    }
  }

  /** `settings.backup.inspect`: the manifest's account (member hashes are checked by a restore). */
  inspect(name: string): LocalBackup {
    return this.info(name, this.read(name, false).manifest, "unchecked");
  }

  async delete(name: string): Promise<void> {
    const path = join(this.dir, name);
    if (!BACKUP_NAME.test(name) || !existsSync(path)) throw new DomainError("not-found", `no backup named ${name}`);
    if (this.active) throw new DomainError("busy", `backup is busy with ${this.active.operation}`);
    rmSync(path);
  }

  /**
   * `settings.backup.restore`: verifies the whole archive (manifest, every member's SHA-256, the config against
   * our schema, the database's schema version and integrity), keeps a pre-restore backup, then applies it
   * (restore.ts) and reloads the config. Refused while media runs.
   */
  async restore(name: string): Promise<RestoreResult> {
    if (this.deps.mediaActive?.()) throw new DomainError("busy", "cannot restore a backup while media is running");
    return this.exclusive("local-restore", () => {
      const { manifest, members } = this.read(name, true);
      if (manifest.userDbVersion > this.deps.migrations.length || manifest.configSchema > CONFIG_SCHEMA_VERSION) {
        throw new DomainError("failed", `backup ${name} was made by a newer version (database schema ${manifest.userDbVersion}, config schema ${manifest.configSchema})`);
      }
      const restoredFrom = this.info(name, manifest, "valid");
      const preRestoreBackup = this.apply(members, `backup ${name}`);
      return { restoredFrom, preRestoreBackup };
    });
  }

  /** Keeps a pre-restore backup, then applies verified members (restore.ts) and reloads the config. */
  private apply(members: ReadonlyMap<string, Uint8Array>, label: string): LocalBackup {
    const preRestoreBackup = this.createNow("pre-restore");
    const { config } = this.ctx;
    try {
      work().applyRestore(members, {
        runtime: this.ctx.runtime,
        configPath: config.path,
        authPath: join(dirname(config.path), "auth.toml"),
        mappingsDir: join(this.ctx.dataDir, "mappings"),
        userDb: this.ctx.userDb,
        migrations: this.deps.migrations,
        stagingDir: join(this.ctx.dataDir, ".restore"),
        deviceId: config.current.service.device_id,
      });
    } catch (err) {
      if (err instanceof work().ArchiveError) throw new DomainError("failed", `${label} cannot be restored: ${err.message}`);
      throw err;
    }
    config.reload();
    this.deps.afterRestore?.();
    logger.info(`restored ${label} (pre-restore copy ${preRestoreBackup.name})`);
    return preRestoreBackup;
  }

  private remoteClient(): RemoteClient {
    const bearer = this.deps.link.backupBearer();
    if (!bearer) throw new DomainError("unavailable", "the device is not linked to the backup server (settings.auth.claim)");
    return new (work().RemoteClient)(this.ctx.config, bearer, this.ctx.platform, (ms) => new Promise((resolve) => this.ctx.clock.set(resolve, ms)));
  }

  /** `settings.backup.remote.list`: the snapshots on the backup server and the account's storage use. */
  listRemote(): Promise<RemoteBackupList> {
    return work().listRemote(this.remoteClient());
  }

  /**
   * `settings.backup.remote.restore`: checks the snapshot's manifest, downloads and verifies every object, then
   * restores through the same path as a local backup (this device's credentials stay as they are). The server
   * is told the restore completed; that notice failing does not undo it.
   */
  async restoreRemote(id: string): Promise<RemoteRestoreResult> {
    if (this.deps.mediaActive?.()) throw new DomainError("busy", "cannot restore a backup while media is running");
    return this.exclusive("remote-restore", async () => {
      const client = this.remoteClient();
      const { info, entries } = await work().fetchSnapshot(client, id, this.ctx.platform);
      const files = await work().downloadObjects(client, entries);
      const preRestoreBackup = this.apply(files, `remote backup ${id}`);
      await client.json("POST", `${work().snapshotPath(id)}/restore-complete`, { restore_id: randomUUID() }).catch((err: Error) => logger.warn(`cannot mark remote backup ${id} restored: ${err.message}`));
      return { restoredFrom: info, preRestoreBackup };
    });
  }

  /** `settings.backup.status`: the phone app's BackupStatusResponse. */
  report(): BackupStatus {
    const remoteCfg = this.ctx.config.current.backup.remote;
    const { local, remote } = this.status.current;
    return {
      ...(this.active ? { activeOperation: this.active.operation, activeSince: this.active.since } : {}),
      local: { lastStatus: "never", lastBackupSize: 0, ...local, enabled: true },
      remote: { lastStatus: "never", lastBackupSize: 0, availability: "unknown", ...remote, enabled: remoteCfg.enabled, schedule: remoteCfg.schedule, linked: this.deps.link.backupBearer() !== undefined },
    };
  }

  /** The link service tells us when the backup server's credentials come or go. */
  linkChanged(linked: boolean): void {
    if (linked) this.status.update("remote", { linkedAt: this.now().toISOString() });
    else this.status.update("remote", {}, ["linkedAt"]);
  }

  /** One remote snapshot of the files as they are now (remote-upload.ts); the scratch database copy is removed. */
  private async snapshot(client: RemoteClient, backupType: "manual" | "scheduled"): Promise<RemoteRunResult> {
    const sources = work().collectRemoteSources({
      configPath: this.ctx.config.path,
      mappingsDir: join(this.ctx.dataDir, "mappings"),
      userDb: this.ctx.userDb,
      scratchDbPath: join(this.ctx.dataDir, ".backup-remote-user.db"),
    });
    try {
      return await work().uploadSnapshot(client, { files: sources.files, warnings: sources.warnings, backupType, coreVersion: this.deps.coreVersion, platform: this.ctx.platform });
    } finally {
      sources.cleanup();
    }
  }

  /**
   * `settings.backup.remote.run` (and the schedule): the config, user database and mapping files (never the
   * credentials) as a snapshot on the backup server; a file that changes mid-run makes it start over once.
   */
  runRemote(backupType: "manual" | "scheduled"): Promise<RemoteRunResult> {
    return this.exclusive("remote-upload", async () => {
      const at = this.now().toISOString();
      try {
        const client = this.remoteClient();
        let result: RemoteRunResult;
        try {
          result = await this.snapshot(client, backupType);
        } catch (err) {
          if (!(err instanceof work().SourceChanged)) throw err;
          logger.warn(`${err.message}; reading the files again`);
          result = await this.snapshot(client, backupType);
        }
        const partial = (result.warnings?.length ?? 0) > 0 || (result.skippedFiles ?? 0) > 0;
        this.status.update(
          "remote",
          { lastRunAt: at, lastSuccessAt: this.now().toISOString(), lastSnapshotCreatedAt: result.backup.createdAt, lastStatus: partial ? "partial" : "success", lastBackupSize: result.backup.sizeBytes, categories: result.categories, lastRunNoChanges: result.noChanges === true, availability: "available", availabilityCheckedAt: at },
          ["lastError"],
        );
        return result;
      } catch (err) {
        const message = err instanceof work().SourceChanged ? `files kept changing during the backup: ${err.message}` : (err as Error).message;
        const unavailable = err instanceof DomainError && (err.data as { reason?: string } | undefined)?.reason === "not-available";
        this.status.update("remote", { lastRunAt: at, lastStatus: "failed", lastError: message, ...(unavailable ? { availability: "unavailable" as const, availabilityCheckedAt: at } : {}) });
        if (err instanceof work().SourceChanged) throw new DomainError("failed", message);
        throw err;
      }
    });
  }

  /** Whether the schedule wants a remote run now. */
  private due(): boolean {
    const cfg = this.ctx.config.current.backup.remote;
    if (!cfg.enabled || cfg.schedule === "manual" || this.active || this.deps.link.backupBearer() === undefined) return false;
    const { lastSuccessAt, lastRunAt } = this.status.current.remote;
    const now = this.ctx.clock.now();
    if (lastRunAt && now - Date.parse(lastRunAt) < HOUR) return false; // a failed run is retried an hour later
    return !lastSuccessAt || now - Date.parse(lastSuccessAt) >= PERIOD[cfg.schedule];
  }

  private arm(): void {
    this.timer = this.ctx.clock.set(() => {
      if (this.due()) this.runRemote("scheduled").catch((err) => logger.warn(`scheduled remote backup failed: ${(err as Error).message}`));
      this.arm();
    }, HOUR);
  }

  start(): void {
    this.arm();
  }

  stop(): void {
    if (this.timer !== null) this.ctx.clock.clear(this.timer);
    this.timer = null;
  }
}
