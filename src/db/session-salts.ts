import type { SqlDatabase } from "../runtime/types.ts";

/**
 * The `session_salts` table of the user database: a hash of each secure-layer session salt per client and when
 * it was first used. Rows go with their client (foreign key, ON DELETE CASCADE) and on `forget`.
 */
export class SessionSaltsRepository {
  constructor(private readonly db: SqlDatabase) {}

  seenAt(clientId: string, saltHash: string): number | undefined {
    return this.db.prepare("SELECT seen FROM session_salts WHERE client_id = ? AND salt_hash = ?").get<{ seen: number }>(clientId, saltHash)?.seen;
  }

  /** Records the hash; nothing when the client is gone (deleted while its first frame was being opened). */
  add(clientId: string, saltHash: string, at: number): void {
    this.db
      .prepare("INSERT OR IGNORE INTO session_salts (client_id, salt_hash, seen) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM clients WHERE id = ?)")
      .run(clientId, saltHash, at, clientId);
  }

  prune(clientId: string, notBefore: number, keep: number): void {
    this.db.prepare("DELETE FROM session_salts WHERE client_id = ? AND seen < ?").run(clientId, notBefore);
    const n = this.db.prepare("SELECT count(*) AS n FROM session_salts WHERE client_id = ?").get<{ n: number }>(clientId)?.n ?? 0;
    if (n <= keep) return;
    this.db
      .prepare(
        "DELETE FROM session_salts WHERE client_id = ? AND salt_hash IN (SELECT salt_hash FROM session_salts WHERE client_id = ? ORDER BY seen, salt_hash LIMIT ?)",
      )
      .run(clientId, clientId, n - keep);
  }

  forget(clientId: string): void {
    this.db.prepare("DELETE FROM session_salts WHERE client_id = ?").run(clientId);
  }
}
