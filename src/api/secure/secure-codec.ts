import { bytesToHex } from "@noble/hashes/utils.js";
import type { Aead } from "../../core/secure/aead.ts";
import { SecureChannel } from "../../core/secure/channel.ts";
import { laterFrameWire, parseFirstFrame, parseLaterFrame } from "../../core/secure/envelope.ts";
import { protocolError } from "../rpc/dispatcher.ts";
import { ErrorCode } from "../rpc/errors.ts";
import type { IncomingOutcome, SessionCodec } from "../session-codec.ts";
import type { FailureBackoff } from "./failure-backoff.ts";
import type { SaltWindow } from "./salt-window.ts";

export interface SecureCodecDeps {
  /** The peer's address, as the socket reports it. */
  address: string;
  /** The client's 32-byte key, or null when no such client is registered. */
  clientKey(clientId: string): Uint8Array | null;
  salts: SaltWindow;
  backoff: FailureBackoff;
  /** Called once the first frame authenticated. */
  established(clientId: string, address: string): void;
  /** Envelopes longer than this are refused before any parsing. */
  maxFrameChars: number;
  handshakeTimeoutMs: number;
  /** AES-GCM implementation (default: the pure-JS one). */
  aead?: Aead;
}

const CLOSE_POLICY = 1008;
const CLOSE_TOO_BIG = 1009;

/** A plaintext protocol error, then the close: what a remote client gets when no session can be set up. */
function refuse(code: number, message: string, closeCode = CLOSE_POLICY, reason = "secure layer"): IncomingOutcome {
  return { kind: "reject", reply: JSON.stringify(protocolError(code, message)), close: { code: closeCode, reason } };
}

const closeOnly = (reason: string, code = CLOSE_POLICY): IncomingOutcome => ({ kind: "reject", close: { code, reason } });

/**
 * The secure layer on one remote cleartext connection: the first frame must open a session for a registered
 * client; after that every frame in both directions is sealed. Anything else closes the connection.
 * Nothing here logs frames, keys or plaintext.
 */
export class SecureSessionCodec implements SessionCodec {
  private channel: SecureChannel | null = null;
  private clientId: string | null = null;
  private ended = false;
  readonly handshakeTimeoutMs: number;
  readonly timeoutReply = JSON.stringify(
    protocolError(ErrorCode.EncryptionRequired, "encryption required: no encrypted first frame arrived in time"),
  );

  constructor(private readonly deps: SecureCodecDeps) {
    this.handshakeTimeoutMs = deps.handshakeTimeoutMs;
  }

  get established(): boolean {
    return this.channel !== null && !this.ended;
  }

  open(frame: string): IncomingOutcome {
    if (this.ended) return { kind: "reject" };
    const outcome = this.channel ? this.openLater(this.channel, frame) : this.openFirst(frame);
    if (outcome.kind === "reject" && outcome.close) this.ended = true;
    return outcome;
  }

  seal(text: string): string | null {
    if (!this.channel || this.ended) return null;
    return laterFrameWire(this.channel.seal(text));
  }

  private openLater(channel: SecureChannel, frame: string): IncomingOutcome {
    if (frame.length > this.deps.maxFrameChars) return closeOnly("frame too large", CLOSE_TOO_BIG);
    const parsed = parseLaterFrame(frame);
    if (parsed.kind !== "frame") return closeOnly("malformed frame");
    const text = channel.open(parsed.ciphertext);
    if (text === null) return closeOnly("frame did not decrypt");
    return { kind: "text", text, clientId: this.clientId! };
  }

  private openFirst(frame: string): IncomingOutcome {
    const { address } = this.deps;
    if (frame.length > this.deps.maxFrameChars) {
      return refuse(ErrorCode.PayloadTooLarge, `frame too large (limit ${this.deps.maxFrameChars} bytes)`, CLOSE_TOO_BIG, "frame too large");
    }
    const parsed = parseFirstFrame(frame);
    switch (parsed.kind) {
      case "cleartext":
        return refuse(ErrorCode.EncryptionRequired, "encryption required: remote connections must use the secure layer", CLOSE_POLICY, "encryption required");
      case "unsupported-version":
        return refuse(ErrorCode.UnsupportedEncryption, "unsupported encryption version (supported: 1)", CLOSE_POLICY, "unsupported version");
      case "malformed":
        return refuse(ErrorCode.EncryptionRequired, `encryption required: malformed first frame (${parsed.reason})`);
    }
    const { clientId, salt, ciphertext } = parsed;
    const waitMs = this.deps.backoff.blockedFor(clientId, address);
    if (waitMs > 0) {
      return refuse(ErrorCode.RateLimited, `too many failed attempts; retry in ${Math.ceil(waitMs / 1000)} s`, CLOSE_POLICY, "blocked");
    }
    const key = this.deps.clientKey(clientId);
    if (key === null) return refuse(ErrorCode.EncryptionRequired, "encryption required: unknown client");
    const saltKey = bytesToHex(salt);
    if (this.deps.salts.seen(clientId, saltKey)) {
      this.deps.backoff.failure(clientId, address);
      return refuse(ErrorCode.EncryptionRequired, "encryption required: session salt already used");
    }
    const channel = SecureChannel.forServer(key, salt, clientId, this.deps.aead);
    key.fill(0);
    const text = channel.open(ciphertext);
    if (text === null) {
      this.deps.backoff.failure(clientId, address);
      return refuse(ErrorCode.EncryptionRequired, "encryption required: first frame did not decrypt");
    }
    this.deps.backoff.success(clientId, address);
    this.deps.salts.record(clientId, saltKey);
    this.channel = channel;
    this.clientId = clientId;
    this.deps.established(clientId, address);
    return { kind: "text", text, clientId };
  }
}
