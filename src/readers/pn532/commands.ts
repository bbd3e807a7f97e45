/**
 * PN532 commands the driver uses and the parsing of their answers, pure (UM0701-02 §7). Each answer is the
 * PD after `D5 <code+1>`.
 */

export const CMD = {
  GetFirmwareVersion: 0x02,
  SAMConfiguration: 0x14,
  RFConfiguration: 0x32,
  InDataExchange: 0x40,
  InCommunicateThru: 0x42,
  InListPassiveTarget: 0x4a,
  InRelease: 0x52,
} as const;

/** SAMConfiguration: normal mode, virtual card time-out 1 s (0x14 × 50 ms), IRQ pin used. */
export const SAM_NORMAL = [0x01, 0x14, 0x01] as const;

/** RFConfiguration item 5: MxRtyATR, MxRtyPSL, MxRtyPassiveActivation (FF = wait for a target forever). */
export function maxRetries(passiveActivation: number): number[] {
  return [0x05, 0xff, 0x01, passiveActivation & 0xff];
}

/** InListPassiveTarget: one target, 106 kbps type A. */
export const LIST_ONE_TYPE_A = [0x01, 0x00] as const;

export interface FirmwareVersion {
  ic: number;
  version: number;
  revision: number;
  support: number;
}

export class Pn532ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Pn532ProtocolError";
  }
}

export function parseFirmwareVersion(pd: Uint8Array): FirmwareVersion {
  if (pd.length < 4) throw new Pn532ProtocolError(`firmware version answer too short (${pd.length} bytes)`);
  return { ic: pd[0]!, version: pd[1]!, revision: pd[2]!, support: pd[3]! };
}

export interface TypeATarget {
  /** Logical target number the chip assigned (for InDataExchange). */
  tg: number;
  atqa: number;
  sak: number;
  uid: Uint8Array;
}

/** The first target of an InListPassiveTarget answer (106 kbps type A), or null when none was found. */
export function parseTypeATarget(pd: Uint8Array): TypeATarget | null {
  if (pd.length < 1) throw new Pn532ProtocolError("empty InListPassiveTarget answer");
  if (pd[0] === 0) return null;
  if (pd.length < 6) throw new Pn532ProtocolError("InListPassiveTarget answer too short");
  const uidLen = pd[5]!;
  if (pd.length < 6 + uidLen) throw new Pn532ProtocolError("InListPassiveTarget answer cut short inside the UID");
  return { tg: pd[1]!, atqa: (pd[2]! << 8) | pd[3]!, sak: pd[4]!, uid: pd.slice(6, 6 + uidLen) };
}

export type TagFamily = "ntag" | "mifare_classic_1k" | "mifare_classic_4k" | "mifare_mini" | "other";

/** Tag family from SAK (ATQA for tie-breaks): 00 = Type 2 (NTAG/Ultralight), 08/18/09 = MIFARE Classic. */
export function tagFamily(t: TypeATarget): TagFamily {
  switch (t.sak) {
    case 0x00:
      return "ntag";
    case 0x08:
    case 0x88:
      return "mifare_classic_1k";
    case 0x18:
      return "mifare_classic_4k";
    case 0x09:
      return "mifare_mini";
    default:
      return "other";
  }
}

/** Status byte of InDataExchange / InCommunicateThru (low 6 bits; 0 = success). */
export function exchangeStatus(pd: Uint8Array): number {
  if (pd.length < 1) throw new Pn532ProtocolError("empty exchange answer");
  return pd[0]! & 0x3f;
}

export const STATUS_TEXT: Record<number, string> = {
  0x01: "time-out (no answer from the tag)",
  0x02: "CRC error",
  0x03: "parity error",
  0x13: "data format error",
  0x14: "authentication error",
  0x27: "command not acceptable in this context",
  0x29: "target released",
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? `error 0x${status.toString(16).padStart(2, "0")}`;
}
