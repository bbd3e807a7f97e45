import type { SqlDatabase } from "../../runtime/types.ts";
import type { ProfileRole } from "../../core/wire/profiles.ts";

/** A stored profile. Limits: null inherits the global playtime config. Times in Unix seconds. */
export interface ProfileRecord {
  profileId: string;
  name: string;
  role: ProfileRole;
  switchId: string;
  pinHash: string;
  limitsEnabled: boolean | null;
  dailyLimit: string | null;
  sessionLimit: string | null;
  lastUsedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

interface Row {
  profile_id: string;
  name: string;
  role: ProfileRole;
  switch_id: string;
  pin_hash: string;
  limits_enabled: number | null;
  daily_limit: string | null;
  session_limit: string | null;
  last_used_at: number | null;
  created_at: number;
  updated_at: number;
}

const COLUMNS = "profile_id, name, role, switch_id, pin_hash, limits_enabled, daily_limit, session_limit, last_used_at, created_at, updated_at";
const ACTIVE_KEY = "active_profile";

const fromRow = (r: Row): ProfileRecord => ({
  profileId: r.profile_id,
  name: r.name,
  role: r.role,
  switchId: r.switch_id,
  pinHash: r.pin_hash,
  limitsEnabled: r.limits_enabled === null ? null : r.limits_enabled !== 0,
  dailyLimit: r.daily_limit,
  sessionLimit: r.session_limit,
  lastUsedAt: r.last_used_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const values = (p: ProfileRecord) =>
  [p.name, p.role, p.switchId, p.pinHash, p.limitsEnabled === null ? null : p.limitsEnabled ? 1 : 0, p.dailyLimit, p.sessionLimit, p.lastUsedAt, p.createdAt, p.updatedAt] as const;

/** The `profiles` table and the persisted active profile (`device_state`) of the user database. */
export class ProfilesRepository {
  constructor(private readonly db: SqlDatabase) {}

  list(): ProfileRecord[] {
    return this.db.prepare(`SELECT ${COLUMNS} FROM profiles ORDER BY created_at, profile_id`).all<Row>().map(fromRow);
  }

  get(profileId: string): ProfileRecord | undefined {
    const r = this.db.prepare(`SELECT ${COLUMNS} FROM profiles WHERE profile_id = ?`).get<Row>(profileId);
    return r && fromRow(r);
  }

  bySwitchId(switchId: string): ProfileRecord | undefined {
    const r = this.db.prepare(`SELECT ${COLUMNS} FROM profiles WHERE switch_id = ?`).get<Row>(switchId);
    return r && fromRow(r);
  }

  insert(p: ProfileRecord): void {
    this.db.prepare(`INSERT INTO profiles (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(p.profileId, ...values(p));
  }

  update(p: ProfileRecord): void {
    this.db
      .prepare(
        "UPDATE profiles SET name = ?, role = ?, switch_id = ?, pin_hash = ?, limits_enabled = ?, daily_limit = ?, session_limit = ?, last_used_at = ?, created_at = ?, updated_at = ? WHERE profile_id = ?",
      )
      .run(...values(p), p.profileId);
  }

  /** Deletes the profile (and the active-profile record when it pointed at it) in one statement each. */
  delete(profileId: string): boolean {
    const { changes } = this.db.prepare("DELETE FROM profiles WHERE profile_id = ?").run(profileId);
    this.db.prepare("DELETE FROM device_state WHERE key = ? AND value = ?").run(ACTIVE_KEY, profileId);
    return changes > 0;
  }

  activeId(): string | null {
    return this.db.prepare("SELECT value FROM device_state WHERE key = ?").get<{ value: string }>(ACTIVE_KEY)?.value ?? null;
  }

  setActive(profileId: string | null, lastUsedAt: number): void {
    if (profileId === null) {
      this.db.prepare("DELETE FROM device_state WHERE key = ?").run(ACTIVE_KEY);
      return;
    }
    this.db.prepare("INSERT INTO device_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(ACTIVE_KEY, profileId);
    this.db.prepare("UPDATE profiles SET last_used_at = ? WHERE profile_id = ?").run(lastUsedAt, profileId);
  }
}
