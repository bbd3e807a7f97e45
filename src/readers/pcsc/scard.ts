/** PC/SC constants (pcsclite's pcsclite.h values) the driver interprets. */

export const SCARD_STATE_CHANGED = 0x0002;
export const SCARD_STATE_UNKNOWN = 0x0004;
export const SCARD_STATE_UNAVAILABLE = 0x0008;
export const SCARD_STATE_EMPTY = 0x0010;
export const SCARD_STATE_PRESENT = 0x0020;
export const SCARD_STATE_MUTE = 0x0200;

export const SCARD_E_CANCELLED = 0x80100002;
export const SCARD_E_INVALID_HANDLE = 0x80100003;
export const SCARD_E_UNKNOWN_READER = 0x80100009;
export const SCARD_E_TIMEOUT = 0x8010000a;
export const SCARD_E_NO_SMARTCARD = 0x8010000c;
export const SCARD_F_COMM_ERROR = 0x80100013;
export const SCARD_E_READER_UNAVAILABLE = 0x80100017;
export const SCARD_E_NO_SERVICE = 0x8010001d;
export const SCARD_E_SERVICE_STOPPED = 0x8010001e;
export const SCARD_E_NO_READERS_AVAILABLE = 0x8010002e;
export const SCARD_W_REMOVED_CARD = 0x80100069;

/** Name under which SCardGetStatusChange reports readers being added or removed. */
export const PNP_NOTIFICATION = "\\\\?PnP?\\Notification";

const NAMES: Record<number, string> = {
  [SCARD_E_CANCELLED]: "SCARD_E_CANCELLED",
  [SCARD_E_INVALID_HANDLE]: "SCARD_E_INVALID_HANDLE",
  [SCARD_E_UNKNOWN_READER]: "SCARD_E_UNKNOWN_READER",
  [SCARD_E_TIMEOUT]: "SCARD_E_TIMEOUT",
  [SCARD_E_NO_SMARTCARD]: "SCARD_E_NO_SMARTCARD",
  [SCARD_F_COMM_ERROR]: "SCARD_F_COMM_ERROR",
  [SCARD_E_READER_UNAVAILABLE]: "SCARD_E_READER_UNAVAILABLE",
  [SCARD_E_NO_SERVICE]: "SCARD_E_NO_SERVICE",
  [SCARD_E_SERVICE_STOPPED]: "SCARD_E_SERVICE_STOPPED",
  [SCARD_E_NO_READERS_AVAILABLE]: "SCARD_E_NO_READERS_AVAILABLE",
  [SCARD_W_REMOVED_CARD]: "SCARD_W_REMOVED_CARD",
};

export function pcscCode(err: unknown): number {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : 0;
}

export function pcscErrorName(code: number): string {
  return NAMES[code] ?? `0x${code.toString(16)}`;
}

/** Errors after which the context is useless (pcscd stopped or restarted). */
export function contextLost(code: number): boolean {
  return code === SCARD_E_NO_SERVICE || code === SCARD_E_SERVICE_STOPPED || code === SCARD_E_INVALID_HANDLE || code === SCARD_F_COMM_ERROR || code === 0;
}
