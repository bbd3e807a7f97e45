import type { Hono } from "hono";
import type { LabelDownloads } from "../../service/cards/labels/label-downloads.ts";
import type { BrowserGuard } from "../browser-guard.ts";
import type { HttpEnv } from "../http-app.ts";

/** Where `cards.render` with `delivery: "url"` puts its file: `/cards/download/<token>/<file name>`. */
export const CARDS_DOWNLOAD_PREFIX = "/cards/download/";

/**
 * `GET /cards/download/<token>/<name>`: a rendered label file, once, as an attachment. The one-time token from
 * `cards.render` is the permission (whoever could render may fetch it); a browser request from another site is
 * refused as for launch links.
 */
export function mountCardsDownload(app: Hono<HttpEnv>, deps: { downloads: LabelDownloads; guard: BrowserGuard }): void {
  app.get(`${CARDS_DOWNLOAD_PREFIX}:token/:name`, (c) => {
    const refusal = deps.guard.refusal(c.req.raw, c.env.peer, "download");
    if (refusal) return refusal;
    const file = deps.downloads.take(c.req.param("token"));
    if (!file) return c.text("this download link is unknown, used or expired; render the labels again\n", 404);
    const name = file.filename.replace(/[^A-Za-z0-9._-]/g, "_");
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": file.contentType, "content-length": String(file.bytes.length), "content-disposition": `attachment; filename="${name}"`, "cache-control": "no-store" },
    });
  });
}
