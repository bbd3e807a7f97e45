import { CommandError, type CommandHandler, requireArg } from "./types.ts";

export const HTTP_TIMEOUT_MS = 10_000;

function checkUrl(name: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CommandError(`${name}: not a URL: ${JSON.stringify(text)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CommandError(`${name}: only http and https URLs are allowed`);
  return url;
}

async function send(name: string, url: URL, init: RequestInit, signal: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "follow", signal: AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]) });
  } catch (err) {
    throw new CommandError(`${name}: request to ${url.host} failed: ${(err as Error).message}`);
  }
  await res.body?.cancel();
  if (!res.ok) throw new CommandError(`${name}: ${url.host} answered ${res.status}`);
}

/** `http.get:<url>`: a GET request; a non-2xx answer fails the script. */
export const httpGet: CommandHandler = async (cmd, env) => {
  await send(cmd.name, checkUrl(cmd.name, requireArg(cmd, 0, "URL")), { method: "GET" }, env.signal);
};

/** `http.post:<url>,<content type>,<body>`. */
export const httpPost: CommandHandler = async (cmd, env) => {
  const url = checkUrl(cmd.name, requireArg(cmd, 0, "URL"));
  const type = requireArg(cmd, 1, "content type");
  const body = cmd.args.slice(2).join(",");
  await send(cmd.name, url, { method: "POST", headers: { "content-type": type }, body }, env.signal);
};
