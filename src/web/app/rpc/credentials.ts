/** Paired credentials as the browser keeps them: the client id (the secure layer's `t`) and the 32-byte key. */
export interface Credentials {
  clientId: string;
  /** Hex of the pairing key. */
  key: string;
  name: string;
}

const KEY = "tapserve.credentials";

export function loadCredentials(storage: Storage = localStorage): Credentials | null {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? "null") as Partial<Credentials> | null;
    if (v && typeof v.clientId === "string" && typeof v.key === "string" && /^[0-9a-f]{64}$/.test(v.key)) {
      return { clientId: v.clientId, key: v.key, name: typeof v.name === "string" ? v.name : "" };
    }
  } catch {}
  return null;
}

export function saveCredentials(c: Credentials, storage: Storage = localStorage): void {
  storage.setItem(KEY, JSON.stringify(c));
}

/** "Forget this device": the browser no longer holds anything that opens a session. */
export function forgetCredentials(storage: Storage = localStorage): void {
  storage.removeItem(KEY);
}
