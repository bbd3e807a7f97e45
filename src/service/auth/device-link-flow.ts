import { type } from "../../core/lazy-arktype.ts";
import type { ConfigStore } from "../../config/store.ts";
import type { Clock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import {
  DEFAULT_LINK_BASE_URL,
  LINK_CREATE_PATH,
  LINK_EXPIRED,
  LINK_FAILED,
  LINK_POLL_PATH,
  LinkCreated,
  LinkPolled,
  linkExpiry,
  linkInterval,
  redactLinkStatus,
} from "../../core/remote/device-link.ts";
import { remoteUrlProblem } from "../../core/remote/remote-url.ts";
import type { AuthLinkStatus } from "../../core/wire/auth.ts";
import { log } from "../../log.ts";
import type { ServiceEvents } from "../events.ts";
import { deviceHeaders, jsonOf, remoteCall } from "./remote-http.ts";

const logger = log.withTag("auth");

export interface DeviceLinkDeps {
  config: ConfigStore;
  events: ServiceEvents;
  clock: Clock;
  platform: string;
  /** Redeems the approved link's claim token and stores the credential (LinkService.claim). */
  claim(claimUrl: string, token: string): Promise<string[]>;
}

/** One link flow: its state, and the device code only the polling loop holds. */
interface Session {
  status: AuthLinkStatus;
  abort: AbortController;
  timer: unknown;
  /** Polls failed in a row (the first of an outage is logged as a warning, the rest at debug). */
  failures: number;
}

/**
 * The reverse device link (`settings.auth.link`, `.status`, `.cancel`): asks the account service for a link request,
 * answers the user code and verification URLs, then polls every interval until the user approves it (the claim
 * token is redeemed as `settings.auth.claim` does and the credential lands in auth.toml), the request expires or
 * the flow is cancelled. Each change is told as `auth.link.status` without the code or the URLs. One flow at a
 * time. The device code and the claim token never leave this file: not in a reply, an error or the log.
 */
export class DeviceLinkFlow {
  private session: Session | null = null;
  private starting = false;

  constructor(private readonly deps: DeviceLinkDeps) {}

  /** The account service's base URL: the call's, else `backup.remote.link_url`, else the reference's. */
  private baseUrl(url: string | undefined): string {
    const base = url ?? (this.deps.config.current.backup.remote.link_url || DEFAULT_LINK_BASE_URL);
    const problem = remoteUrlProblem(base, true);
    if (problem) throw new DomainError("invalid", `invalid link URL: ${problem}`);
    return base.replace(/\/+$/, "");
  }

  async start(url?: string): Promise<AuthLinkStatus> {
    const base = this.baseUrl(url);
    if (this.starting || this.session?.status.status === "pending") throw new DomainError("busy", "device linking is already pending");
    this.starting = true;
    let created: LinkCreated;
    try {
      created = await this.create(base);
    } finally {
      this.starting = false;
    }
    const now = this.deps.clock.now();
    const interval = linkInterval(created);
    const expiresAt = linkExpiry(created, now);
    const status: AuthLinkStatus = {
      status: "pending",
      userCode: created.user_code,
      ...(created.verification_url ? { verificationUrl: created.verification_url } : {}),
      ...(created.verification_url_complete ? { verificationUrlComplete: created.verification_url_complete } : {}),
      expiresAt: new Date(expiresAt).toISOString(),
    };
    if (this.session) this.halt(this.session);
    const session: Session = { status, abort: new AbortController(), timer: null, failures: 0 };
    this.session = session;
    this.tell(status);
    logger.info("settings.auth.link started");
    this.schedule(session, base, created.device_code, interval, expiresAt + interval);
    return status;
  }

  /** The flow's state: `none` before any; without the code and the URLs unless `full`. */
  status(full: boolean): AuthLinkStatus {
    if (!this.session) return { status: "none" };
    return full ? { ...this.session.status } : redactLinkStatus(this.session.status);
  }

  cancel(): AuthLinkStatus {
    const s = this.session;
    if (!s || s.status.status !== "pending") throw new DomainError("not-found", "no active link request");
    this.halt(s);
    s.status = { ...redactLinkStatus(s.status), status: "cancelled" };
    this.tell(s.status);
    logger.info("settings.auth.link cancelled");
    return { ...s.status };
  }

  stop(): void {
    if (this.session) this.halt(this.session);
  }

  private halt(s: Session): void {
    s.abort.abort();
    if (s.timer !== null) this.deps.clock.clear(s.timer);
    s.timer = null;
  }

  private async create(base: string): Promise<LinkCreated> {
    const cfg = this.deps.config.current;
    const answer = await remoteCall(this.deps.config, { method: "POST", url: `${base}${LINK_CREATE_PATH}`, headers: deviceHeaders(this.deps.platform, cfg.service.device_id) });
    // the body of a refusal is never shown
    if (answer.status !== 200 && answer.status !== 201) throw new DomainError("failed", `the link server answered ${answer.status}`);
    const created = LinkCreated(jsonOf(answer));
    if (created instanceof type.errors) throw new DomainError("failed", "the link server's answer holds no device or user code");
    return created;
  }

  private schedule(s: Session, base: string, deviceCode: string, interval: number, deadline: number): void {
    s.timer = this.deps.clock.set(() => {
      s.timer = null;
      void this.pollOnce(s, base, deviceCode, interval, deadline);
    }, interval);
  }

  /** One poll; then the next, or the end of the flow. */
  private async pollOnce(s: Session, base: string, deviceCode: string, interval: number, deadline: number): Promise<void> {
    if (this.session !== s || s.status.status !== "pending") return;
    if (this.deps.clock.now() >= deadline) return this.finish(s, "failed", LINK_EXPIRED);
    let polled: LinkPolled | "expired" | null = null;
    try {
      polled = await this.poll(base, deviceCode, s.abort.signal);
    } catch (err) {
      if (s.abort.signal.aborted) return;
      s.failures++;
      const line = `device link poll failed (${s.failures} in a row), retrying: ${(err as Error).message}`;
      if (s.failures === 1) logger.warn(line);
      else logger.debug(line);
    }
    if (polled !== null && s.failures > 0) {
      logger.info(`device link polling recovered after ${s.failures} failures`);
      s.failures = 0;
    }
    if (this.session !== s || s.status.status !== "pending") return;
    if (polled === "expired") return this.finish(s, "failed", LINK_EXPIRED);
    if (polled?.status === "approved") return this.redeem(s, polled);
    this.schedule(s, base, deviceCode, interval, deadline);
  }

  private async poll(base: string, deviceCode: string, signal: AbortSignal): Promise<LinkPolled | "expired" | null> {
    const answer = await remoteCall(
      this.deps.config,
      { method: "POST", url: `${base}${LINK_POLL_PATH}`, headers: { "content-type": "application/json" }, body: JSON.stringify({ device_code: deviceCode }) },
      signal,
    );
    // 401: expired, unknown, or its claim already collected: the flow must start over
    if (answer.status === 401) return "expired";
    if (answer.status !== 200) throw new Error(`the link server answered ${answer.status}`);
    const polled = LinkPolled(jsonOf(answer));
    if (polled instanceof type.errors) throw new Error("the link server's poll answer is malformed");
    return polled;
  }

  private async redeem(s: Session, polled: LinkPolled): Promise<void> {
    try {
      if (!polled.claim_url || !polled.token) throw new Error("the approval holds no claim URL or token");
      const domains = await this.deps.claim(polled.claim_url, polled.token);
      if (this.session !== s || s.status.status !== "pending") return;
      logger.info(`settings.auth.link completed (${domains.join(", ")})`);
      this.finish(s, "approved");
    } catch (err) {
      if (s.abort.signal.aborted) return;
      logger.warn(`device link claim redemption failed: ${(err as Error).message}`);
      this.finish(s, "failed", LINK_FAILED);
    }
  }

  /** A terminal state, unless the flow was cancelled or replaced first. */
  private finish(s: Session, status: "approved" | "failed", error?: string): void {
    if (this.session !== s || s.status.status !== "pending") return;
    this.halt(s);
    s.status = { ...redactLinkStatus(s.status), status, ...(error ? { error } : {}) };
    if (status === "failed") logger.warn(`device linking failed: ${error}`);
    this.tell(s.status);
  }

  private tell(status: AuthLinkStatus): void {
    this.deps.events.publish("auth.link.status", redactLinkStatus(status));
  }
}
