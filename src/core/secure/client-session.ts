import type { Aead } from "./aead.ts";
import { SecureChannel } from "./channel.ts";
import { firstFrameWire, laterFrameWire, parseLaterFrame } from "./envelope.ts";
import { SESSION_SALT_BYTES } from "./keys.ts";

/**
 * The client's half of the exchange, as a phone or the web app performs it: the first frame carries the
 * version, client id and salt; later frames only the ciphertext. `salt` defaults to 16 CSPRNG bytes.
 */
export class ClientSession {
  private readonly channel: SecureChannel;
  private started = false;

  constructor(
    readonly clientId: string,
    clientKey: Uint8Array,
    readonly salt: Uint8Array = crypto.getRandomValues(new Uint8Array(SESSION_SALT_BYTES)),
    aead?: Aead,
  ) {
    this.channel = SecureChannel.forClient(clientKey, salt, clientId, aead);
  }

  /** The wire frame for `text` (the first call produces the session-opening frame). */
  frame(text: string): string {
    const ciphertext = this.channel.seal(text);
    if (this.started) return laterFrameWire(ciphertext);
    this.started = true;
    return firstFrameWire(ciphertext, this.clientId, this.salt);
  }

  /** The text of a frame from the device, or null when it is not a valid frame of this session. */
  open(wire: string): string | null {
    const parsed = parseLaterFrame(wire);
    return parsed.kind === "frame" ? this.channel.open(parsed.ciphertext) : null;
  }
}
