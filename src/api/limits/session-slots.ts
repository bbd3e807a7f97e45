import { normaliseAddress } from "../../core/net/addresses.ts";

export interface SessionCaps {
  /** Open WebSocket connections at once, all peers together. */
  total: number;
  /** Open connections from one remote address. */
  perRemoteAddress: number;
  /** Of `total`, how many only the device itself (loopback) may use, so its own web app always gets in. */
  reservedForLoopback: number;
}

export type SlotRefusal = "full" | "address";

/**
 * Counts open WebSocket connections per peer address. A remote address gets at most `perRemoteAddress`, and
 * remote peers together at most `total - reservedForLoopback`; loopback peers may use every slot.
 */
export class SessionSlots {
  private readonly byAddress = new Map<string, number>();
  private open = 0;
  private remote = 0;

  constructor(private readonly caps: SessionCaps) {}

  /** Takes a slot, or says why there is none. */
  take(address: string, loopback: boolean): SlotRefusal | null {
    if (loopback) {
      if (this.open >= this.caps.total) return "full";
    } else {
      const key = normaliseAddress(address);
      if (this.open >= this.caps.total || this.remote >= this.caps.total - this.caps.reservedForLoopback) return "full";
      if ((this.byAddress.get(key) ?? 0) >= this.caps.perRemoteAddress) return "address";
      this.byAddress.set(key, (this.byAddress.get(key) ?? 0) + 1);
      this.remote++;
    }
    this.open++;
    return null;
  }

  release(address: string, loopback: boolean): void {
    this.open--;
    if (loopback) return;
    this.remote--;
    const key = normaliseAddress(address);
    const n = (this.byAddress.get(key) ?? 1) - 1;
    if (n <= 0) this.byAddress.delete(key);
    else this.byAddress.set(key, n);
  }
}
