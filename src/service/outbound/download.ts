import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { OutboundError } from "./errors.ts";
import { type OutboundPolicy, outboundRequest } from "./request.ts";

/**
 * A file fetched through the outbound guard (the same address rules, redirect handling and credentials rules as
 * every request a script makes) and streamed to disk as it arrives, never held in memory: the body goes to
 * `tempPath` and is renamed to `finalPath` once complete; any failure removes `tempPath` and nothing is left.
 * Only a 200 answer is written, as the reference's downloader takes only 200.
 */
export interface DownloadRequest {
  url: string;
  tempPath: string;
  finalPath: string;
  /** Largest file accepted (a larger Content-Length is refused before anything is written). */
  maxBytes: number;
  /** Backstop for the whole download. */
  timeoutMs: number;
  /** Longest wait for the next byte (connecting, the headers, each piece of the body). */
  idleMs: number;
  headers?: Record<string, string>;
  /** Aborts the download (the service is stopping). */
  signal?: AbortSignal;
}

export async function downloadFile(req: DownloadRequest, policy: OutboundPolicy): Promise<{ bytes: number }> {
  let file: FileHandle | undefined = await open(req.tempPath, "w");
  let bytes = 0;
  const sink = {
    async write(chunk: Uint8Array): Promise<void> {
      for (let at = 0; at < chunk.length; ) at += (await (file as FileHandle).write(chunk, at, chunk.length - at)).bytesWritten;
      bytes += chunk.length;
    },
  };
  try {
    const reply = await outboundRequest(
      {
        method: "GET",
        url: req.url,
        ...(req.headers ? { headers: req.headers } : {}),
        maxBytes: req.maxBytes,
        timeoutMs: req.timeoutMs,
        idleMs: req.idleMs,
        ...(req.signal ? { signal: req.signal } : {}),
        sinkFor: (status) => (status === 200 ? sink : undefined),
      },
      policy,
    );
    if (reply.status !== 200) throw new OutboundError(`${reply.url.host} answered ${reply.status}`, "failed");
    await file.close();
    file = undefined;
    await rename(req.tempPath, req.finalPath);
    return { bytes };
  } catch (err) {
    await file?.close().catch(() => undefined);
    await rm(req.tempPath, { force: true }).catch(() => undefined);
    throw err;
  }
}
