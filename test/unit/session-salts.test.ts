import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { SaltWindow } from "../../src/api/secure/salt-window.ts";
import { ClientsRepository } from "../../src/db/clients.ts";
import { userMigrations } from "../../src/db/migrations/user.ts";
import { openDatabase } from "../../src/db/open.ts";
import { SessionSaltsRepository } from "../../src/db/session-salts.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import type { SqlDatabase } from "../../src/runtime/types.ts";
import { tempDir } from "../fixtures/service.ts";

let dir: string;
let db: SqlDatabase | null = null;
afterEach(() => {
  db?.close();
  db = null;
  rmSync(dir, { recursive: true, force: true });
});

function open() {
  dir = tempDir();
  db = openDatabase(bunRuntime, join(dir, "user.db"), { durability: "full", journal: "wal", migrations: userMigrations });
  return { clients: new ClientsRepository(db), salts: new SessionSaltsRepository(db) };
}

describe("session salts in the user database", () => {
  test("kept by hash, bounded per client, dropped past the window, gone with the client", () => {
    const { clients, salts } = open();
    const a = clients.create("a");
    const b = clients.create("b");
    let now = 1_000;
    const w = new SaltWindow({ maxPerClient: 3, windowMs: 10_000 }, () => now, salts);
    w.record(a.id, "s1");
    expect(w.seen(a.id, "s1")).toBe(true);
    expect(w.seen(b.id, "s1")).toBe(false);
    const stored = db!.prepare("SELECT salt_hash FROM session_salts").all<{ salt_hash: string }>();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.salt_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.salt_hash).not.toContain("s1");
    for (const s of ["x", "y", "z"]) {
      now += 1;
      w.record(a.id, s);
    }
    expect(w.seen(a.id, "s1")).toBe(false); // the oldest of four went
    expect(w.seen(a.id, "z")).toBe(true);
    w.record(b.id, "q");
    now += 10_000;
    expect(w.seen(a.id, "z")).toBe(false);
    clients.delete(b.id);
    expect(salts.seenAt(b.id, "anything")).toBeUndefined();
    expect(db!.prepare("SELECT count(*) AS n FROM session_salts WHERE client_id = ?").get<{ n: number }>(b.id)?.n).toBe(0);
    salts.add("no-such-client", "h", now);
    expect(salts.seenAt("no-such-client", "h")).toBeUndefined();
  });
});
