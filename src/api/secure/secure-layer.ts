import { nobleAead } from "../../core/secure/aead.ts";
import { log } from "../../log.ts";
import type { PeerInfo } from "../../runtime/types.ts";
import type { ClientsService } from "../../service/clients/clients-service.ts";
import type { SessionCodec } from "../session-codec.ts";
import { FailureBackoff } from "./failure-backoff.ts";
import { defaultSaltWindow, type SaltStore, SaltWindow } from "./salt-window.ts";
import { SecureSessionCodec } from "./secure-codec.ts";

const logger = log.withTag("secure");

export interface SecureLayerOptions {
  /** Largest envelope accepted (base64 of the dispatcher's frame limit plus room for the envelope). */
  maxEnvelopeChars: number;
  handshakeTimeoutMs: number;
  /** Where session salt hashes are kept (the user database), so replays stay refused across restarts. */
  salts: SaltStore;
  /** The service's clock (the salt window's ages). */
  now: () => number;
}

/** The secure layer for remote cleartext connections: one codec per connection, keyed by registered clients. */
export class SecureLayer {
  private readonly salts: SaltWindow;
  private readonly backoff = new FailureBackoff();

  constructor(
    private readonly clients: ClientsService,
    private readonly opts: SecureLayerOptions,
  ) {
    this.salts = new SaltWindow(defaultSaltWindow, opts.now, opts.salts);
  }

  /** A fresh secure-layer codec for one remote cleartext connection. */
  codecFor(peer: PeerInfo): SessionCodec {
    return new SecureSessionCodec({
      address: peer.remoteAddress,
      clientKey: (id) => this.clients.repo.key(id),
      salts: this.salts,
      backoff: this.backoff,
      established: (id, address) => {
        this.clients.repo.recordAddress(id, address);
        logger.debug(`encrypted session for client ${id} from ${address}`);
      },
      maxFrameChars: this.opts.maxEnvelopeChars,
      handshakeTimeoutMs: this.opts.handshakeTimeoutMs,
      // @noble/ciphers, as the design asks (the same module the browser uses). bench/secure.ts also measures
      // node:crypto's AES-GCM (src/api/secure/native-aead.ts, byte-identical on the known answers) for comparison.
      aead: nobleAead,
    });
  }

  /** A deleted client's replay window goes with it. */
  forget(clientId: string): void {
    this.salts.forget(clientId);
  }
}
