import { splitHttpAllow } from "../../../core/zapscript/http-allow.ts";
import { OutboundError } from "../../outbound/errors.ts";
import { type OutboundRequest, outboundRequest } from "../../outbound/request.ts";
import { type CommandEnv, CommandError, type CommandHandler, requireArg } from "./types.ts";

export const HTTP_TIMEOUT_MS = 10_000;
/** The answer is not used, but it is read (and capped) so the connection ends cleanly. */
export const HTTP_MAX_REPLY_BYTES = 1024 * 1024;

/**
 * Sends the request through the outbound guard: the device itself, link-local addresses and redirects to them
 * are refused unless `zapscript.allow_http` lists them (src/service/outbound/). A non-2xx answer fails the script.
 */
async function send(name: string, req: Pick<OutboundRequest, "method" | "url" | "headers" | "body">, env: CommandEnv): Promise<void> {
  let status: number;
  let host: string;
  // the reference's URL patterns in allow_http: when listed, the URL must match one (they never widen the guard)
  const { hosts, patterns } = splitHttpAllow(env.config().zapscript.allow_http);
  if (patterns.length > 0 && !patterns.some((p) => p.test(String(req.url)))) throw new CommandError(`${name}: URL not allowed by zapscript.allow_http`);
  try {
    const reply = await outboundRequest(
      { ...req, timeoutMs: HTTP_TIMEOUT_MS, maxBytes: HTTP_MAX_REPLY_BYTES, signal: env.signal },
      { allow: hosts },
    );
    status = reply.status;
    host = reply.url.host;
  } catch (err) {
    if (err instanceof OutboundError) throw new CommandError(`${name}: ${err.message}`);
    throw err;
  }
  if (status < 200 || status > 299) throw new CommandError(`${name}: ${host} answered ${status}`);
}

/** `http.get:<url>`: a GET request. */
export const httpGet: CommandHandler = async (cmd, env) => {
  await send(cmd.name, { method: "GET", url: requireArg(cmd, 0, "URL") }, env);
};

/** `http.post:<url>,<content type>,<body>`. */
export const httpPost: CommandHandler = async (cmd, env) => {
  const url = requireArg(cmd, 0, "URL");
  const type = requireArg(cmd, 1, "content type");
  const body = cmd.args.slice(2).join(",");
  await send(cmd.name, { method: "POST", url, headers: { "content-type": type }, body }, env);
};
