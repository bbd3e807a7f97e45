import type { AppModule, CoreContext } from "../../app-module.ts";
import { ClientsRepository } from "../../db/clients.ts";
import { log } from "../../log.ts";
import type { PeerInfo } from "../../runtime/types.ts";
import { clientsMethods } from "../methods/clients.ts";
import type { CallerContext } from "../rpc/method.ts";
import type { SessionCodec } from "../session-codec.ts";
import { FailureBackoff } from "./failure-backoff.ts";
import { nobleAead } from "../../core/secure/aead.ts";
import { SaltWindow } from "./salt-window.ts";
import { SecureSessionCodec } from "./secure-codec.ts";

const logger = log.withTag("secure");

export interface SecureModuleDeps {
  /** Closes live sessions matching the predicate (bound late: the sessions exist after the modules). */
  closeSessions(predicate: (caller: CallerContext) => boolean, code?: number, reason?: string): number;
  /** Largest envelope accepted (base64 of the dispatcher's frame limit plus room for the envelope). */
  maxEnvelopeChars: number;
  handshakeTimeoutMs?: number;
}

/** Registered clients and the secure layer for remote cleartext connections. */
export class SecureModule implements AppModule {
  readonly name = "secure";
  private readonly repo: ClientsRepository;
  private readonly salts = new SaltWindow();
  private readonly backoff = new FailureBackoff();

  constructor(
    core: CoreContext,
    private readonly deps: SecureModuleDeps,
  ) {
    this.repo = new ClientsRepository(core.userDb);
  }

  methods() {
    return clientsMethods({
      repo: this.repo,
      deleted: (id) => {
        this.salts.forget(id);
        const n = this.deps.closeSessions((c) => c.clientId === id, 1008, "client deleted");
        logger.info(`client ${id} deleted; closed ${n} live session(s)`);
      },
    });
  }

  /** A fresh secure-layer codec for one remote cleartext connection. */
  codecFor(peer: PeerInfo): SessionCodec {
    return new SecureSessionCodec({
      address: peer.remoteAddress,
      clientKey: (id) => this.repo.key(id),
      salts: this.salts,
      backoff: this.backoff,
      established: (id, address) => {
        this.repo.recordAddress(id, address);
        logger.debug(`encrypted session for client ${id} from ${address}`);
      },
      maxFrameChars: this.deps.maxEnvelopeChars,
      handshakeTimeoutMs: this.deps.handshakeTimeoutMs ?? 10_000,
      // @noble/ciphers, as the design asks (the same module the browser uses). bench/secure.ts also measures
      // node:crypto's AES-GCM (src/api/secure/native-aead.ts, byte-identical on the known answers) for comparison.
      aead: nobleAead,
    });
  }
}
