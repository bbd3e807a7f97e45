import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { OutboundError } from "./errors.ts";
import { bareHost } from "./target.ts";

/** One request/answer over a new connection to an address that has already been checked. */
export interface Hop {
  url: URL;
  /** The checked address the connection goes to; nothing is resolved here. */
  address: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export interface HopReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
}

export interface HopLimits {
  maxBytes: number;
  signal: AbortSignal;
  /** Certificates to trust instead of the system's (tests with their own CA). */
  ca?: string;
  /**
   * Downloads: where an answer's body goes instead of memory, asked once the status is known. An answer it
   * takes no sink for (a redirect, an error) is not read at all: its body is left unread and the reply's is empty.
   */
  sinkFor?: (status: number) => BodySink | undefined;
  /** Longest wait for the next byte (the connection, the headers, each piece of the body); no limit when absent. */
  idleMs?: number;
}

/** Takes an answer's body piece by piece; the next piece is read once the promise settles (backpressure). */
export interface BodySink {
  write(chunk: Uint8Array): Promise<void>;
}

/** `http://user:password@host/` becomes Basic authorization (an explicit Authorization header wins). */
function userInfo(hop: Hop): Record<string, string> {
  if (hop.url.username === "" && hop.url.password === "") return {};
  const pair = `${decodeURIComponent(hop.url.username)}:${decodeURIComponent(hop.url.password)}`;
  return { authorization: `Basic ${Buffer.from(pair).toString("base64")}` };
}

/**
 * The connection is made to the IP address itself (node:net resolves nothing for an IP literal, on Node and on
 * Bun), while the request names the URL's host: the Host header carries it, and for https so do SNI and the
 * certificate check (the TLS layer checks the certificate against `servername` when it is set). An IP-literal
 * URL sends no SNI and is checked against the IP, as usual.
 */
function requestOptions(hop: Hop, limits: HopLimits): RequestOptions {
  const tls = hop.url.protocol === "https:";
  const name = bareHost(hop.url);
  const options: RequestOptions & { servername?: string; ca?: string } = {
    host: hop.address,
    family: isIP(hop.address),
    port: hop.url.port === "" ? (tls ? 443 : 80) : Number(hop.url.port),
    method: hop.method,
    path: `${hop.url.pathname}${hop.url.search}`,
    headers: { ...userInfo(hop), ...hop.headers, host: hop.url.host, ...(hop.body ? { "content-length": String(hop.body.length) } : {}) },
    agent: false,
  };
  if (tls && isIP(name) === 0) options.servername = name;
  if (tls && limits.ca !== undefined) options.ca = limits.ca;
  return options;
}

/** Ends a hop with an error: the promise rejects at once (a request already closed emits no error) and the request is torn down. */
type Fail = (err: Error) => void;

/** Fails the hop when no byte has come for `idleMs` (not counted while a sink writes). */
function idleTimer(host: string, idleMs: number | undefined, fail: Fail): { touch(): void; hold(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hold = () => clearTimeout(timer);
  const touch = () => {
    if (idleMs === undefined) return;
    hold();
    timer = setTimeout(() => fail(new OutboundError(`no data from ${host} for ${idleMs / 1000} s`, "timeout")), idleMs);
  };
  return { touch, hold };
}

/**
 * Streams the body to the sink, one piece at a time; an answer that ends short of its Content-Length, or whose
 * connection closes before its end, fails.
 */
function streamBody(res: IncomingMessage, sink: BodySink, hop: Hop, limits: HopLimits, idle: ReturnType<typeof idleTimer>, done: (reply: HopReply) => void, fail: Fail): void {
  const host = hop.url.host;
  const declared = res.headers["content-length"] === undefined ? undefined : Number(res.headers["content-length"]);
  let size = 0;
  let ended = false;
  res.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > limits.maxBytes) return fail(new OutboundError(`the answer from ${host} is larger than ${limits.maxBytes} bytes`, "too-large"));
    res.pause();
    idle.hold();
    sink.write(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)).then(
      () => {
        idle.touch();
        res.resume();
      },
      (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
    );
  });
  res.on("end", () => {
    ended = true;
    if (declared !== undefined && size !== declared) return fail(new OutboundError(`the answer from ${host} ended after ${size} of ${declared} bytes`, "failed"));
    done({ status: res.statusCode ?? 0, headers: res.headers, body: new Uint8Array(0) });
  });
  res.on("close", () => {
    if (!ended) fail(new OutboundError(`the connection to ${host} closed after ${size}${declared !== undefined ? ` of ${declared}` : ""} bytes`, "failed"));
  });
}

/** Sends one request and reads the whole answer (or streams it to a sink), refusing one longer than `maxBytes`. */
export function exchange(hop: Hop, limits: HopLimits): Promise<HopReply> {
  return new Promise<HopReply>((resolve, reject) => {
    const send = hop.url.protocol === "https:" ? httpsRequest : httpRequest;
    const fail: Fail = (err) => {
      reject(err);
      req.destroy(err);
    };
    const idle = idleTimer(hop.url.host, limits.idleMs, fail);
    const req = send(requestOptions(hop, limits), (res) => {
      idle.touch();
      const chunks: Buffer[] = [];
      let size = 0;
      const tooLarge = () => new OutboundError(`the answer from ${hop.url.host} is larger than ${limits.maxBytes} bytes`, "too-large");
      res.on("error", fail);
      if (limits.sinkFor) {
        const status = res.statusCode ?? 0;
        const sink = limits.sinkFor(status);
        if (!sink) {
          resolve({ status, headers: res.headers, body: new Uint8Array(0) });
          return req.destroy();
        }
        if (Number(res.headers["content-length"] ?? 0) > limits.maxBytes) return fail(tooLarge());
        return streamBody(res, sink, hop, limits, idle, resolve, fail);
      }
      if (Number(res.headers["content-length"] ?? 0) > limits.maxBytes) return fail(tooLarge());
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return fail(tooLarge());
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: new Uint8Array(Buffer.concat(chunks)) }));
    });
    idle.touch();
    const onAbort = () => fail(limits.signal.reason instanceof Error ? limits.signal.reason : new Error(String(limits.signal.reason)));
    limits.signal.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => {
      idle.hold();
      limits.signal.removeEventListener("abort", onAbort);
    });
    req.on("error", reject);
    if (limits.signal.aborted) onAbort();
    req.end(hop.body);
  });
}
