import { hostname } from "node:os";
import { Bonjour, type Service } from "bonjour-service";
import type { Lifecycle } from "../lifecycle.ts";
import { log } from "../../log.ts";

/**
 * Advertises the service on the LAN over mDNS as `_zaparoo._tcp` (what the reference's phone app browses),
 * with TXT `id`, `version`, `platform`; withdrawn on shutdown. bonjour-service is pure JS (multicast-dns
 * underneath), small, maintained, and works on both runtimes.
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

const logger = log.withTag("mdns");

export class MdnsAdvertiser implements Lifecycle {
  readonly name = "mdns";
  private bonjour: Bonjour | null = null;
  private service: Service | null = null;

  constructor(private readonly opts: AdvertiserOptions) {}

  /** Starts advertising; called after the server listens, since the port must be known. */
  start(): void {
    if (!this.opts.enabled) return;
    try {
      // Options are handed to multicast-dns; its `interface` pins sending and membership to one interface.
      const mdnsOpts = (this.opts.interfaceAddress ? { interface: this.opts.interfaceAddress } : {}) as ConstructorParameters<typeof Bonjour>[0];
      this.bonjour = new Bonjour(mdnsOpts, (err: unknown) => logger.warn("mDNS error:", err));
      this.service = this.bonjour.publish({
        name: this.opts.name || `tapserve-${hostname()}`,
        type: "zaparoo",
        protocol: "tcp",
        port: this.opts.port(),
        txt: { id: this.opts.deviceId, version: this.opts.version, platform: this.opts.platform },
      });
      this.service.on("error", (err: unknown) => logger.warn("mDNS advertisement failed:", err));
      logger.info(`advertising _zaparoo._tcp on port ${this.opts.port()}`);
    } catch (err) {
      logger.warn("mDNS unavailable, the service will not be discoverable:", err);
    }
  }

  stop(): Promise<void> {
    const bonjour = this.bonjour;
    this.bonjour = null;
    this.service = null;
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
}
