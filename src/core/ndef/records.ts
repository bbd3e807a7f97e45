/**
 * NDEF messages and the two record types tokens use: Well-known Text ("T") and URI ("U"). Pure.
 * Record header: MB 0x80, ME 0x40, CF 0x20, SR 0x10 (1-byte payload length), IL 0x08 (id length present),
 * TNF in the low 3 bits (1 = NFC Forum well-known type).
 */

export const TNF_WELL_KNOWN = 0x01;

export interface NdefRecord {
  tnf: number;
  type: Uint8Array;
  id: Uint8Array;
  payload: Uint8Array;
}

export class NdefError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NdefError";
  }
}

/** Splits an NDEF message into records. Chunked records (CF) are refused; tags written for tokens never use them. */
export function parseMessage(bytes: Uint8Array): NdefRecord[] {
  const records: NdefRecord[] = [];
  let i = 0;
  while (i < bytes.length) {
    const header = bytes[i]!;
    const short = (header & 0x10) !== 0;
    const hasId = (header & 0x08) !== 0;
    if (header & 0x20) throw new NdefError(`record at ${i} is chunked, which is not supported`);
    const need = (n: number) => {
      if (i + n > bytes.length) throw new NdefError(`record at ${i} is cut short`);
    };
    need(2);
    const typeLen = bytes[i + 1]!;
    let p = i + 2;
    let payloadLen: number;
    if (short) {
      need(3);
      payloadLen = bytes[p]!;
      p += 1;
    } else {
      need(6);
      payloadLen = ((bytes[p]! << 24) | (bytes[p + 1]! << 16) | (bytes[p + 2]! << 8) | bytes[p + 3]!) >>> 0;
      p += 4;
    }
    let idLen = 0;
    if (hasId) {
      if (p >= bytes.length) throw new NdefError(`record at ${i} is cut short`);
      idLen = bytes[p]!;
      p += 1;
    }
    const end = p + typeLen + idLen + payloadLen;
    if (end > bytes.length) throw new NdefError(`record at ${i} claims ${payloadLen} payload bytes past the message end`);
    records.push({
      tnf: header & 0x07,
      type: bytes.slice(p, p + typeLen),
      id: bytes.slice(p + typeLen, p + typeLen + idLen),
      payload: bytes.slice(p + typeLen + idLen, end),
    });
    i = end;
    if (header & 0x40) break;
  }
  return records;
}

/** Serialises records as one message (MB on the first, ME on the last, SR where the payload fits). */
export function buildMessage(records: NdefRecord[]): Uint8Array {
  const parts: number[] = [];
  records.forEach((r, n) => {
    const short = r.payload.length <= 0xff;
    let header = r.tnf & 0x07;
    if (n === 0) header |= 0x80;
    if (n === records.length - 1) header |= 0x40;
    if (short) header |= 0x10;
    if (r.id.length) header |= 0x08;
    parts.push(header, r.type.length);
    const len = r.payload.length;
    if (short) parts.push(len);
    else parts.push((len >>> 24) & 0xff, (len >>> 16) & 0xff, (len >>> 8) & 0xff, len & 0xff);
    if (r.id.length) parts.push(r.id.length);
    parts.push(...r.type, ...r.id, ...r.payload);
  });
  return Uint8Array.from(parts);
}

const utf8 = new TextEncoder();
const isType = (r: NdefRecord, t: string) => r.tnf === TNF_WELL_KNOWN && r.type.length === 1 && r.type[0] === t.charCodeAt(0);

/** A Text record: status byte (bit 7 = UTF-16, low 6 bits = language length), language code, text. */
export function textRecord(text: string, lang = "en"): NdefRecord {
  const langBytes = utf8.encode(lang);
  if (langBytes.length > 0x3f) throw new NdefError("language code too long");
  const body = utf8.encode(text);
  const payload = new Uint8Array(1 + langBytes.length + body.length);
  payload[0] = langBytes.length;
  payload.set(langBytes, 1);
  payload.set(body, 1 + langBytes.length);
  return { tnf: TNF_WELL_KNOWN, type: Uint8Array.of(0x54), id: new Uint8Array(0), payload };
}

export function decodeText(r: NdefRecord): string | null {
  if (!isType(r, "T") || r.payload.length < 1) return null;
  const status = r.payload[0]!;
  const start = 1 + (status & 0x3f);
  if (start > r.payload.length) return null;
  const body = r.payload.subarray(start);
  return new TextDecoder(status & 0x80 ? "utf-16" : "utf-8").decode(body);
}

/** URI identifier codes of the URI record type definition (NFCForum-TS-RTD_URI), index = code. */
const URI_PREFIXES = [
  "", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:", "ftp://anonymous:anonymous@",
  "ftp://ftp.", "ftps://", "sftp://", "smb://", "nfs://", "ftp://", "dav://", "news:", "telnet://", "imap:",
  "rtsp://", "urn:", "pop:", "sip:", "sips:", "tftp:", "btspp://", "btl2cap://", "btgoep://", "tcpobex://",
  "irdaobex://", "file://", "urn:epc:id:", "urn:epc:tag:", "urn:epc:pat:", "urn:epc:raw:", "urn:epc:", "urn:nfc:",
];

export function uriRecord(uri: string): NdefRecord {
  let code = 0;
  for (let c = 1; c < URI_PREFIXES.length; c++) {
    if (uri.startsWith(URI_PREFIXES[c]!) && URI_PREFIXES[c]!.length > URI_PREFIXES[code]!.length) code = c;
  }
  const rest = utf8.encode(uri.slice(URI_PREFIXES[code]!.length));
  const payload = new Uint8Array(1 + rest.length);
  payload[0] = code;
  payload.set(rest, 1);
  return { tnf: TNF_WELL_KNOWN, type: Uint8Array.of(0x55), id: new Uint8Array(0), payload };
}

export function decodeUri(r: NdefRecord): string | null {
  if (!isType(r, "U") || r.payload.length < 1) return null;
  const prefix = URI_PREFIXES[r.payload[0]!] ?? "";
  return prefix + new TextDecoder().decode(r.payload.subarray(1));
}

/** The token text of a message: the first Text or URI record, or "" when there is neither. */
export function messageText(records: NdefRecord[]): string {
  for (const r of records) {
    const t = decodeText(r) ?? decodeUri(r);
    if (t !== null) return t;
  }
  return "";
}
