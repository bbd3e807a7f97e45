import { type IncomingHttpHeaders, request as httpRequest, type RequestOptions } from "node:http";
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

/** Sends one request and reads the whole answer, refusing one longer than `maxBytes`. */
export function exchange(hop: Hop, limits: HopLimits): Promise<HopReply> {
  return new Promise<HopReply>((resolve, reject) => {
    const send = hop.url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(requestOptions(hop, limits), (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const tooLarge = () => new OutboundError(`the answer from ${hop.url.host} is larger than ${limits.maxBytes} bytes`, "too-large");
      if (Number(res.headers["content-length"] ?? 0) > limits.maxBytes) return req.destroy(tooLarge());
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return req.destroy(tooLarge());
        chunks.push(chunk);
      });
      res.on("error", (err) => req.destroy(err));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: new Uint8Array(Buffer.concat(chunks)) }));
    });
    const onAbort = () => req.destroy(limits.signal.reason);
    limits.signal.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => limits.signal.removeEventListener("abort", onAbort));
    req.on("error", reject);
    if (limits.signal.aborted) onAbort();
    req.end(hop.body);
  });
}
