import { hostname } from "node:os";
import { Bonjour, Service, type ServiceConfig } from "bonjour-service";
import type { Lifecycle } from "../lifecycle.ts";
import { log } from "../../log.ts";
import { hostLabel, hostName, instanceName } from "./mdns-names.ts";
import { type MdnsSocket, probe } from "./mdns-prober.ts";
import { type Claim, type ClaimedName, conflictIn, type MdnsPacket, type MdnsRecord } from "./mdns-records.ts";

/**
 * Advertises the service on the LAN over mDNS as `_zaparoo._tcp` (what the reference's phone app browses),
 * with TXT `id`, `version`, `platform`; withdrawn on shutdown. bonjour-service is pure JS (multicast-dns
 * underneath), small, maintained, and works on both runtimes.
 *
 * Names are claimed as RFC 6762 §8–9 asks, by this module rather than the library: bonjour-service 1.4.4
 * probes only for the instance name, gives up on a conflict by printing an Error to stdout (no event, no
 * rename) and never notices a conflict after announcing. So it publishes with `probe: false` once our own
 * probe has found the names free; a taken instance name becomes `name (2)`, `name (3)` …, a taken host name
 * `label-2.local` …; a conflicting record seen later sends us back to probing.
 */
export interface AdvertiserOptions {
  enabled: boolean;
  /** Address of the one interface to advertise on; empty for all. */
  interfaceAddress: string;
  name: string;
  deviceId: string;
  version: string;
  platform: string;
  /** The bound port (known once the server listens). */
  port(): number;
}

/** What this module uses of bonjour-service's responder (`Bonjour.server`, public in JS, private in its types). */
interface LibraryServer {
  mdns: MdnsSocket & { on(event: "error" | "warning", fn: (err: Error) => void): unknown };
  unregister(records: MdnsRecord[]): void;
}

const logger = log.withTag("mdns");
const SERVICE_TYPE = "zaparoo";
/** §8.1: after 15 conflicts within 10 s, wait 5 s before each further probe. */
const CONFLICT_WINDOW_MS = 10_000;
const CONFLICT_LIMIT = 15;
const CONFLICT_BACKOFF_MS = 5_000;
/** §8.2: the loser of a simultaneous probe waits a second, then probes again. */
const TIE_BREAK_DEFER_MS = 1_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });

export class MdnsAdvertiser implements Lifecycle {
  readonly name = "mdns";
  private bonjour: Bonjour | null = null;
  private server: LibraryServer | null = null;
  private service: Service | null = null;
  private owned: Claim | null = null;
  private readonly abort = new AbortController();
  private claiming = false;
  private instanceAttempt = 1;
  private hostAttempt = 1;
  private conflicts: number[] = [];
  private readonly baseName: string;
  private readonly label = hostLabel(hostname());

  constructor(private readonly opts: AdvertiserOptions) {
    this.baseName = opts.name || `tapserve-${this.label}`;
  }

  /** The host name advertised (or being claimed) now: `label.local`, or `label-2.local` … after a conflict. */
  get advertisedHost(): string | undefined {
    return this.opts.enabled ? hostName(this.label, this.hostAttempt) : undefined;
  }

  /** Starts claiming the name and then advertising; called after the server listens, since the port must be known. */
  start(): void {
    if (!this.opts.enabled) return;
    try {
      // Options go to multicast-dns: `interface` pins sending and membership to one interface; binding the
      // wildcard address (not the interface's) is what lets the socket receive multicast queries and answers.
      const mdnsOpts = (this.opts.interfaceAddress ? { interface: this.opts.interfaceAddress, bind: "0.0.0.0" } : {}) as Partial<ServiceConfig>;
      this.bonjour = new Bonjour(mdnsOpts, (err: Error) => logger.warn(`mDNS reply failed: ${err.message}`));
      this.server = (this.bonjour as unknown as { server: LibraryServer }).server;
      const socket = this.server.mdns;
      socket.on("error", (err) => logger.warn(`mDNS unavailable, the service will not be discoverable: ${err.message}`));
      socket.on("warning", (err) => logger.debug(`mDNS: ${err.message}`));
      socket.on("response", this.onResponse);
      void this.claim();
    } catch (err) {
      logger.warn(`mDNS unavailable, the service will not be discoverable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private config(): ServiceConfig {
    return {
      name: instanceName(this.baseName, this.instanceAttempt),
      type: SERVICE_TYPE,
      protocol: "tcp",
      port: this.opts.port(),
      host: hostName(this.label, this.hostAttempt),
      txt: { id: this.opts.deviceId, version: this.opts.version, platform: this.opts.platform },
      probe: false,
    };
  }

  /** Probes the current names until they are ours (renaming what is taken), then announces. One loop at a time. */
  private async claim(): Promise<void> {
    const socket = this.server?.mdns;
    if (this.claiming || !socket) return;
    this.claiming = true;
    const signal = this.abort.signal;
    try {
      while (!signal.aborted) {
        await sleep(this.recentConflicts() >= CONFLICT_LIMIT ? CONFLICT_BACKOFF_MS : 0, signal);
        const candidate = new Service(this.config(), () => {}, () => {});
        const claim = { fqdn: candidate.fqdn, host: candidate.host, records: candidate.records() };
        const outcome = await probe(socket, claim, signal, (err) => logger.debug(`mDNS probe not sent: ${err.message}`));
        if (outcome.kind === "aborted") return;
        if (outcome.kind === "free") return this.announce();
        this.conflicts.push(Date.now());
        if (outcome.kind === "lost") await sleep(TIE_BREAK_DEFER_MS, signal);
        else this.rename(outcome.name);
      }
    } finally {
      this.claiming = false;
    }
  }

  private rename(which: ClaimedName): void {
    if (which === "instance") {
      const from = instanceName(this.baseName, this.instanceAttempt++);
      logger.info(`mDNS name '${from}' is taken on the network; advertising as '${instanceName(this.baseName, this.instanceAttempt)}'`);
    } else {
      const from = hostName(this.label, this.hostAttempt++);
      logger.info(`mDNS host name '${from}' is taken on the network; advertising as '${hostName(this.label, this.hostAttempt)}'`);
    }
  }

  private announce(): void {
    if (!this.bonjour) return;
    const service = this.bonjour.publish(this.config());
    this.service = service;
    this.owned = { fqdn: service.fqdn, host: service.host, records: service.records() };
    service.once("up", () => logger.info(`advertising _zaparoo._tcp as '${service.name}' on port ${service.port}`));
  }

  /** §9: a record on a name we own, with data we do not have, from another host: stop using it and probe again. */
  private readonly onResponse = (packet: MdnsPacket): void => {
    if (!this.owned || !this.service) return;
    const which = conflictIn(this.owned, packet);
    if (!which) return;
    logger.debug(`mDNS ${which === "instance" ? `name '${this.service.name}'` : `host name '${this.service.host}'`} is claimed by another device; probing again`);
    this.conflicts.push(Date.now());
    this.withdraw();
    void this.claim();
  };

  /**
   * Stops answering for and re-announcing the current names, without goodbye packets: the names are the other
   * host's now, and a goodbye would flush its records from every cache. `activated = false` also keeps the
   * library's `unpublishAll` from sending one at shutdown.
   */
  private withdraw(): void {
    const service = this.service;
    this.service = null;
    this.owned = null;
    if (!service) return;
    service.activated = false;
    service.destroyed = true;
    this.server?.unregister(service.records());
  }

  stop(): Promise<void> {
    this.abort.abort();
    const bonjour = this.bonjour;
    this.server?.mdns.removeListener("response", this.onResponse);
    this.bonjour = null;
    this.server = null;
    this.service = null;
    this.owned = null;
    if (!bonjour) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        bonjour.destroy();
        resolve();
      };
      const timer = setTimeout(done, 1000);
      bonjour.unpublishAll(() => {
        clearTimeout(timer);
        done();
      });
    });
  }

  private recentConflicts(): number {
    const since = Date.now() - CONFLICT_WINDOW_MS;
    this.conflicts = this.conflicts.filter((t) => t >= since);
    return this.conflicts.length;
  }
}
