import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";

/**
 * PAKE2 over P-256, wire-compatible with the reference's pairing (the P-256 variant of schollz/pake v3 as the
 * phone app speaks it). Pure: no I/O, usable by the server, tests and the browser web app.
 *
 *   client (role 0): X = pw·U + α·G          server (role 1): Y = pw·V + β·G
 *   client: Z = α·(Y − pw·V)                 server: Z = β·(X − pw·U)
 *   K = SHA-256(pw ‖ X.x ‖ X.y ‖ Y.x ‖ Y.y ‖ Z.x ‖ Z.y), integers as Go's big.Int.Bytes() (no leading zeros).
 * Messages are JSON with decimal-string coordinates: {role, ux, uy, vx, vy, xx, xy, yx, yy}, "0" when unknown.
 */

type Point = InstanceType<typeof p256.Point>;

const U = p256.Point.fromAffine({
  x: 793136080485469241208656611513609866400481671852n,
  y: 59748757929350367369315811184980635230185250460108398961713395032485227207304n,
});
const V = p256.Point.fromAffine({
  x: 1086685267857089638167386722555472967068468061489n,
  y: 9157340230202296554417312816309453883742349874205386245733062928888341584123n,
});

export interface PakeWire {
  role: number;
  ux: string;
  uy: string;
  vx: string;
  vy: string;
  xx: string;
  xy: string;
  yx: string;
  yy: string;
}

export class PakeError extends Error {
  override name = "PakeError";
}

/** Big-endian bytes → integer. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/** Integer → minimal big-endian bytes (zero → empty), exactly like Go's big.Int.Bytes(). */
export function bigIntToMinimalBytes(n: bigint): Uint8Array {
  if (n === 0n) return new Uint8Array(0);
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const DECIMAL = /^[0-9]{1,100}$/;

function parseWire(bytes: Uint8Array, expectedRole: number): PakeWire {
  let msg: unknown;
  try {
    msg = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new PakeError("PAKE message is not JSON");
  }
  const m = msg as Record<string, unknown>;
  if (typeof m !== "object" || m === null || m.role !== expectedRole) throw new PakeError(`PAKE message must have role ${expectedRole}`);
  for (const k of ["xx", "xy", "yx", "yy"]) {
    const v = m[k];
    if (v !== undefined && (typeof v !== "string" || !DECIMAL.test(v))) throw new PakeError(`PAKE field ${k} must be a decimal string`);
  }
  return m as unknown as PakeWire;
}

function peerPoint(x: string | undefined, y: string | undefined): Point {
  if (!x || !y || x === "0" || y === "0") throw new PakeError("PAKE message lacks the peer's point");
  try {
    const p = p256.Point.fromAffine({ x: BigInt(x), y: BigInt(y) });
    p.assertValidity();
    return p;
  } catch {
    throw new PakeError("PAKE peer point is not on P-256");
  }
}

function encodeWire(w: PakeWire): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(w));
}

function randomScalar(): bigint {
  return bytesToBigInt(p256.utils.randomSecretKey());
}

/** One side of a pairing. Create with `PakeSession.client` or `PakeSession.server`. */
export class PakeSession {
  private readonly pw: Uint8Array;
  private readonly pwScalar: bigint;
  private own: { x: bigint; y: bigint } | null = null;
  private key: Uint8Array | null = null;

  private constructor(
    readonly role: 0 | 1,
    pin: string,
    private readonly secret: bigint,
  ) {
    this.pw = new TextEncoder().encode(pin);
    this.pwScalar = bytesToBigInt(this.pw);
    if (this.pwScalar === 0n) throw new PakeError("empty PIN");
    if (secret <= 0n || secret >= p256.Point.CURVE().n) throw new PakeError("secret scalar out of range");
  }

  /** The phone's side. `secret` fixes α (tests and known answers only). */
  static client(pin: string, secret: bigint = randomScalar()): PakeSession {
    const s = new PakeSession(0, pin, secret);
    s.own = U.multiply(s.pwScalar).add(p256.Point.BASE.multiply(secret)).toAffine();
    return s;
  }

  /** The device's side. */
  static server(pin: string, secret: bigint = randomScalar()): PakeSession {
    const s = new PakeSession(1, pin, secret);
    s.own = V.multiply(s.pwScalar).add(p256.Point.BASE.multiply(secret)).toAffine();
    return s;
  }

  /** This side's public point (X for the client, Y for the server). */
  get publicPoint(): { x: bigint; y: bigint } {
    return this.own!;
  }

  private peer: { x: bigint; y: bigint } | null = null;

  /** Wire bytes of this side's message. The server's message also carries the client's X (call after `receive`). */
  message(): Uint8Array {
    const u = U.toAffine();
    const v = V.toAffine();
    const own = this.own!;
    const x = this.role === 0 ? own : this.peer;
    const y = this.role === 1 ? own : this.peer;
    return encodeWire({
      role: this.role,
      ux: u.x.toString(),
      uy: u.y.toString(),
      vx: v.x.toString(),
      vy: v.y.toString(),
      xx: x ? x.x.toString() : "0",
      xy: x ? x.y.toString() : "0",
      yx: y ? y.x.toString() : "0",
      yy: y ? y.y.toString() : "0",
    });
  }

  /** Takes the peer's message bytes and derives the shared session key. */
  receive(peerBytes: Uint8Array): void {
    const wire = parseWire(peerBytes, this.role === 0 ? 1 : 0);
    const peer = this.role === 0 ? peerPoint(wire.yx, wire.yy) : peerPoint(wire.xx, wire.xy);
    const blind = this.role === 0 ? V.multiply(this.pwScalar) : U.multiply(this.pwScalar);
    const diff = peer.add(blind.negate());
    if (diff.equals(p256.Point.ZERO)) throw new PakeError("degenerate PAKE peer point");
    const z = diff.multiply(this.secret).toAffine();
    const p = peer.toAffine();
    this.peer = p;
    const X = this.role === 0 ? this.own! : p;
    const Y = this.role === 0 ? p : this.own!;
    this.key = sha256(
      concat([this.pw, ...[X.x, X.y, Y.x, Y.y, z.x, z.y].map(bigIntToMinimalBytes)]),
    );
  }

  sessionKey(): Uint8Array {
    if (!this.key) throw new PakeError("no session key before the peer's message");
    return new Uint8Array(this.key);
  }
}
