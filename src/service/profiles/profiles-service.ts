import { DomainError } from "../../core/errors.ts";
import type { ActiveProfile, NewProfileParams, ProfileRole, UpdateProfileParams } from "../../core/wire/profiles.ts";
import { log } from "../../log.ts";
import type { SqlDatabase } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";
import { PinAttempts } from "./pin-attempts.ts";
import { hashPin, verifyPin } from "./pin.ts";
import { type ProfileRecord, ProfilesRepository } from "./profiles-repo.ts";
import { newSwitchId } from "./switch-id.ts";

const logger = log.withTag("profiles");

/** The active profile as announced and as playtime reads it (limits: absent = inherit). */
export function activeView(p: ProfileRecord): ActiveProfile {
  const view: ActiveProfile = { profileId: p.profileId, name: p.name, role: p.role, hasPin: p.pinHash !== "" };
  if (p.limitsEnabled !== null) view.limitsEnabled = p.limitsEnabled;
  if (p.dailyLimit !== null) view.dailyLimit = p.dailyLimit;
  if (p.sessionLimit !== null) view.sessionLimit = p.sessionLimit;
  return view;
}

const notFound = (id: string) => new DomainError("not-found", `no profile ${JSON.stringify(id)}`);

/**
 * Device profiles: named people with a role, an optional PIN and their own playtime limits; at most one is
 * active (none = the shared profile). Switching by profile id needs the PIN when one is set (wrong PINs are
 * limited per profile, see pin-attempts.ts); a switch id (the profile card) is itself the credential; leaving
 * a profile is always free. The active profile survives a restart.
 */
export class ProfilesService {
  readonly repo: ProfilesRepository;
  private readonly attempts: PinAttempts;
  private readonly pinQueue = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<(active: ProfileRecord | null) => void>();
  private active: ProfileRecord | null = null;

  constructor(
    db: SqlDatabase,
    private readonly events: ServiceEvents,
    private readonly now: () => number,
  ) {
    this.repo = new ProfilesRepository(db);
    this.attempts = new PinAttempts(now);
  }

  /** Restores the persisted active profile (a dangling one is cleared). */
  start(): void {
    const id = this.repo.activeId();
    if (id === null) return;
    const p = this.repo.get(id);
    if (!p) this.repo.setActive(null, this.seconds());
    this.active = p ?? null;
    if (p) logger.info(`active profile ${p.name} restored`);
  }

  list(): ProfileRecord[] {
    return this.repo.list();
  }

  get(profileId: string): ProfileRecord | undefined {
    return this.repo.get(profileId);
  }

  current(): ProfileRecord | null {
    return this.active;
  }

  /** Told every change of the active profile (including an edit of the active one). */
  onActiveChanged(fn: (active: ProfileRecord | null) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** The first profile is always an admin (so it needs a PIN); later ones default to member. */
  async create(p: NewProfileParams): Promise<ProfileRecord> {
    const first = this.repo.list().length === 0;
    const role: ProfileRole = first ? "admin" : (p.role ?? "member");
    if (role === "admin" && !p.pin) throw new DomainError("invalid", "admin profiles require a PIN");
    const t = this.seconds();
    const record: ProfileRecord = {
      profileId: crypto.randomUUID(),
      name: p.name.trim(),
      role,
      switchId: this.uniqueSwitchId(),
      pinHash: p.pin ? await hashPin(p.pin) : "",
      limitsEnabled: p.limitsEnabled ?? null,
      dailyLimit: p.dailyLimit || null,
      sessionLimit: p.sessionLimit || null,
      lastUsedAt: null,
      createdAt: t,
      updatedAt: t,
    };
    this.repo.insert(record);
    logger.info(`profile ${record.name} (${role}) created`);
    return record;
  }

  /** Applies every given field or none: clearLimits first, then the limit fields of the same request. */
  async update(p: UpdateProfileParams): Promise<ProfileRecord> {
    const cur = this.repo.get(p.profileId);
    if (!cur) throw notFound(p.profileId);
    const next: ProfileRecord = { ...cur };
    if (p.name !== undefined) next.name = p.name.trim();
    if (p.role !== undefined) next.role = p.role;
    if (p.clearPin) next.pinHash = "";
    else if (p.pin) next.pinHash = await hashPin(p.pin);
    if (next.role === "admin" && next.pinHash === "") throw new DomainError("invalid", "admin profiles require a PIN");
    if (cur.role === "admin" && next.role !== "admin" && this.adminCount() === 1) throw new DomainError("invalid", "the last admin profile cannot be demoted");
    if (p.clearLimits) Object.assign(next, { limitsEnabled: null, dailyLimit: null, sessionLimit: null });
    if (p.limitsEnabled !== undefined) next.limitsEnabled = p.limitsEnabled;
    if (p.dailyLimit !== undefined) next.dailyLimit = p.dailyLimit || null;
    if (p.sessionLimit !== undefined) next.sessionLimit = p.sessionLimit || null;
    if (p.regenerateSwitchId) next.switchId = this.uniqueSwitchId();
    next.updatedAt = this.seconds();
    this.repo.update(next);
    if (this.active?.profileId === next.profileId) this.setActive(next);
    return next;
  }

  delete(profileId: string): void {
    const cur = this.repo.get(profileId);
    if (!cur) throw notFound(profileId);
    if (cur.role === "admin" && this.adminCount() === 1 && this.repo.list().length > 1) {
      throw new DomainError("invalid", "the last admin profile cannot be deleted while other profiles exist");
    }
    this.repo.delete(profileId);
    logger.info(`profile ${cur.name} deleted`);
    if (this.active?.profileId === profileId) this.setActive(null);
  }

  /** Switches by profile id (PIN checked when set) or by switch id (the card is the credential). */
  async switchTo(by: { profileId: string; pin: string } | { switchId: string }): Promise<ProfileRecord> {
    const p = await this.verify(by);
    this.repo.setActive(p.profileId, this.seconds());
    const fresh = this.repo.get(p.profileId) ?? p;
    this.setActive(fresh);
    logger.info(`switched to profile ${fresh.name}`);
    return fresh;
  }

  /** Back to the shared profile; always allowed. */
  deactivate(): void {
    this.repo.setActive(null, this.seconds());
    this.setActive(null);
  }

  /** Checks a credential without switching: profile id plus its PIN, or a switch id. Grants nothing. */
  async verify(by: { profileId: string; pin: string } | { switchId: string }): Promise<ProfileRecord> {
    if ("switchId" in by) {
      const p = this.repo.bySwitchId(by.switchId);
      if (!p) throw new DomainError("not-found", "unknown switch id");
      return p;
    }
    const p = this.repo.get(by.profileId);
    if (!p) throw notFound(by.profileId);
    if (p.pinHash === "") return p;
    if (by.pin === "") throw new DomainError("forbidden", "this profile requires a PIN", { reason: "pin-required" });
    // one check at a time per profile, so parallel guesses cannot slip past the limiter
    const prev = this.pinQueue.get(p.profileId) ?? Promise.resolve();
    const run = prev.catch(() => undefined).then(() => this.checkPin(p, by.pin));
    this.pinQueue.set(p.profileId, run);
    try {
      return await run;
    } finally {
      if (this.pinQueue.get(p.profileId) === run) this.pinQueue.delete(p.profileId);
    }
  }

  private async checkPin(p: ProfileRecord, pin: string): Promise<ProfileRecord> {
    const wait = this.attempts.waitMs(p.profileId);
    if (wait > 0) throw new DomainError("rate-limited", `too many wrong PINs; try again in ${Math.ceil(wait / 1000)} s`, { retryAfterMs: wait });
    if (!(await verifyPin(pin, p.pinHash))) {
      this.attempts.failed(p.profileId);
      logger.warn(`wrong PIN for profile ${p.name}`);
      throw new DomainError("forbidden", "incorrect PIN", { reason: "pin-incorrect" });
    }
    this.attempts.succeeded(p.profileId);
    return p;
  }

  private setActive(p: ProfileRecord | null): void {
    if (p === null && this.active === null) return;
    this.active = p;
    this.events.publish("profiles.active", { profile: p ? activeView(p) : null });
    for (const l of this.listeners) {
      try {
        l(p);
      } catch (err) {
        logger.warn("an active-profile listener failed:", err);
      }
    }
  }

  private adminCount(): number {
    return this.repo.list().filter((p) => p.role === "admin").length;
  }

  private uniqueSwitchId(): string {
    for (;;) {
      const id = newSwitchId();
      if (!this.repo.bySwitchId(id)) return id;
    }
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }
}
