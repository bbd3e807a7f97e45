import { type Aead, nobleAead, openBytes, sealBytes } from "./aead.ts";
import { deriveSessionKeys, sessionAad } from "./keys.ts";
import { MAX_COUNTER } from "./nonce.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * One side of an established session: seals outgoing texts and opens incoming ciphertexts with implicit
 * counters (0, 1, 2 … per direction). A frame that fails to open leaves the counter where it was; the
 * caller closes the connection. No I/O, no clock: usable in the service, in tests and in a browser.
 */
export class SecureChannel {
  private sendCounter = 0;
  private recvCounter = 0;

  private constructor(
    private readonly sendKey: Uint8Array,
    private readonly sendBase: Uint8Array,
    private readonly recvKey: Uint8Array,
    private readonly recvBase: Uint8Array,
    private readonly aad: Uint8Array,
    private readonly aead: Aead,
  ) {}

  /** The device's side: receives client→server frames, sends server→client frames. */
  static forServer(clientKey: Uint8Array, salt: Uint8Array, clientId: string, aead: Aead = nobleAead): SecureChannel {
    const k = deriveSessionKeys(clientKey, salt);
    return new SecureChannel(k.s2cKey, k.s2cNonceBase, k.c2sKey, k.c2sNonceBase, sessionAad(clientId), aead);
  }

  /** The client's side (phone app, web app, tests). */
  static forClient(clientKey: Uint8Array, salt: Uint8Array, clientId: string, aead: Aead = nobleAead): SecureChannel {
    const k = deriveSessionKeys(clientKey, salt);
    return new SecureChannel(k.c2sKey, k.c2sNonceBase, k.s2cKey, k.s2cNonceBase, sessionAad(clientId), aead);
  }

  get framesSent(): number {
    return this.sendCounter;
  }

  get framesReceived(): number {
    return this.recvCounter;
  }

  seal(text: string): Uint8Array {
    if (this.sendCounter >= MAX_COUNTER) throw new RangeError("frame counter exhausted; open a new session");
    return sealBytes(this.aead, this.sendKey, this.sendBase, this.sendCounter++, this.aad, encoder.encode(text));
  }

  /** The frame's text, or null when it does not authenticate or is not UTF-8. */
  open(ciphertext: Uint8Array): string | null {
    if (this.recvCounter >= MAX_COUNTER) return null;
    const plain = openBytes(this.aead, this.recvKey, this.recvBase, this.recvCounter, this.aad, ciphertext);
    if (plain === null) return null;
    let text: string;
    try {
      text = decoder.decode(plain);
    } catch {
      return null;
    }
    this.recvCounter++;
    return text;
  }
}
