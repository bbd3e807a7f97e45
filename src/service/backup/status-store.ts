import { existsSync, readFileSync } from "node:fs";
import { type } from "../../core/lazy-arktype.ts";
import { writeFileAtomic } from "../../config/atomic-write.ts";
import { BackupStatusEntry } from "../../core/wire/backup.ts";
import { log } from "../../log.ts";

/** What the service remembers of its local and remote backup runs (a JSON file in the data folder). */
const Stored = type({ local: BackupStatusEntry.partial(), remote: BackupStatusEntry.partial() });
export type StoredStatus = typeof Stored.infer;
export type StoredEntry = StoredStatus["local"];

export class BackupStatusStore {
  private state: StoredStatus = { local: {}, remote: {} };

  constructor(private readonly path: string) {
    if (!existsSync(path)) return;
    try {
      const parsed = Stored(JSON.parse(readFileSync(path, "utf8")));
      if (!(parsed instanceof type.errors)) this.state = parsed;
    } catch {
      log.withTag("backup").warn(`${path} unreadable; backup status starts afresh`);
    }
  }

  get current(): Readonly<StoredStatus> {
    return this.state;
  }

  update(which: "local" | "remote", change: StoredEntry, drop: Array<keyof StoredEntry> = []): void {
    const next = { ...this.state[which], ...change };
    for (const k of drop) delete next[k];
    this.state = { ...this.state, [which]: next };
    writeFileAtomic(this.path, `${JSON.stringify(this.state, null, 2)}\n`, 0o600);
  }
}
