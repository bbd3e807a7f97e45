/**
 * Reader drivers added to the registry's (src/readers/registry.ts), with what they need from the service:
 * - first: the tty2oled display (every platform; off unless named in `[[readers.connect]]`), so a display found
 *   is held before other drivers' detection looks at serial ports. It follows media.started / media.stopped,
 *   fetches pictures through the guarded outbound client into `<data>/assets/tty2oled_pics`, and on MiSTer
 *   also reads tty2oled's own pictures (`<SD>/tty2oled/pics`) and shows an arcade game's set name picture.
 * - last: on MiSTer, `operator` (Epilogue's cartridge bridge, src/readers/file/operator-reader.ts).
 */
import { extname, join } from "node:path";
import type { Clock } from "../../core/clock.ts";
import { MAX_PICTURE_FILE_BYTES, PICTURE_CACHE_DIR, PICTURES_BASE_URL } from "../../core/tty2oled/pictures.ts";
import { readMraHead } from "../../platforms/mister/mra-titles.ts";
import { operatorDriver } from "../../readers/file/operator-reader.ts";
import { hardwareRoots } from "../../readers/serial/sysfs.ts";
import { tty2oledDriver } from "../../readers/tty2oled/driver.ts";
import type { DisplayMedia, MediaFeed } from "../../readers/tty2oled/media-feed.ts";
import { PictureStore } from "../../readers/tty2oled/picture-store.ts";
import type { DisplayPauses } from "../../readers/tty2oled/tty2oled-reader.ts";
import type { ReaderDriver } from "../../readers/types.ts";
import type { ActiveMediaSource } from "../../core/media-types.ts";
import type { Runtime } from "../../runtime/types.ts";
import type { ServiceEvents } from "../events.ts";
import { outboundRequest } from "../outbound/request.ts";

/** Time allowed for one picture download (the reference's). */
const PICTURE_TIMEOUT_MS = 30_000;

/** Seams for tests: the pictures collection's address, shorter pauses, a test CA. */
export interface Tty2oledOptions {
  picturesUrl?: string;
  pauses?: DisplayPauses;
  ca?: string;
}

export interface PlatformDriverDeps {
  runtime: Runtime;
  platformRoot?: string;
  clock: Clock;
  dataDir: string;
  events: ServiceEvents;
  activeMedia: ActiveMediaSource;
  /** `zapscript.allow_http`: the outbound client's allow list. */
  allowHttp: () => readonly string[];
  /** The SD card on MiSTer; null elsewhere. */
  misterSdRoot: string | null;
  /** Folders `file:` token files may be in. */
  tokenFolders: readonly string[];
  tty2oled?: Tty2oledOptions;
}

/** media.started / media.stopped of the primary slot, as a display follows them. */
function mediaFeed(events: ServiceEvents, active: ActiveMediaSource): MediaFeed {
  return {
    current() {
      const m = active.current();
      return m ? { systemId: m.systemId, name: m.mediaName, path: m.mediaPath } : null;
    },
    subscribe(listener) {
      return events.subscribe((name, params) => {
        if (name !== "media.started" && name !== "media.stopped") return;
        const p = params as { systemId: string; mediaName: string; mediaPath: string; slot?: string };
        if (p.slot !== undefined && p.slot !== "primary") return;
        listener(name === "media.started" ? { systemId: p.systemId, name: p.mediaName, path: p.mediaPath } : null);
      });
    },
  };
}

/** MiSTer: an arcade game's picture is its set name (from its `.mra`, or a bare set name as the path). */
function misterPicture(media: DisplayMedia): string {
  if (media.systemId !== "Arcade") return "";
  const path = media.path.trim();
  if (extname(path).toLowerCase() === ".mra") return readMraHead(path).setname;
  return path !== "" && !path.includes("/") && extname(path) === "" ? path : "";
}

export function platformDrivers(deps: PlatformDriverDeps): { first: ReaderDriver[]; last: ReaderDriver[] } {
  const opts = deps.tty2oled ?? {};
  const pictures = new PictureStore({
    cacheDir: join(deps.dataDir, PICTURE_CACHE_DIR),
    localDirs: deps.misterSdRoot ? [join(deps.misterSdRoot, "tty2oled", "pics")] : [],
    baseUrl: opts.picturesUrl ?? PICTURES_BASE_URL,
    now: () => deps.clock.now(),
    fetch: async (url) => {
      const policy = { allow: deps.allowHttp(), ...(opts.ca !== undefined ? { ca: opts.ca } : {}) };
      return outboundRequest({ method: "GET", url, maxBytes: MAX_PICTURE_FILE_BYTES, timeoutMs: PICTURE_TIMEOUT_MS }, policy);
    },
  });
  const display = tty2oledDriver({
    openSerial: deps.runtime.openSerial.bind(deps.runtime),
    roots: hardwareRoots(deps.platformRoot),
    pictures,
    media: mediaFeed(deps.events, deps.activeMedia),
    ...(deps.misterSdRoot ? { platformPicture: misterPicture } : {}),
    ...(opts.pauses ? { pauses: opts.pauses } : {}),
    clock: deps.clock,
  });
  const last: ReaderDriver[] = [];
  if (deps.misterSdRoot) last.push(operatorDriver({ sdRoot: deps.misterSdRoot, folders: deps.tokenFolders }));
  return { first: [display], last };
}
