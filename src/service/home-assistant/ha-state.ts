/**
 * The device's state as Home Assistant reads it (one retained JSON message): what plays, the last scan, the
 * readers and the media index, kept up to date from the service's events. Texts are cut to HA's 255-character
 * state limit. Pure.
 */
import type { NotificationName, NotificationParams } from "../../core/wire/index.ts";

const HA_STATE_MAX = 255;
const cut = (s: string) => (s.length > HA_STATE_MAX ? `${s.slice(0, HA_STATE_MAX - 1)}…` : s);

export interface HaMedia {
  systemId: string;
  systemName: string;
  mediaPath: string;
  mediaName: string;
}

export interface HaReader {
  driver: string;
  path: string;
}

export interface HaIndex {
  indexing: boolean;
  optimizing: boolean;
  currentStep?: number;
  totalSteps?: number;
  currentStepDisplay?: string;
  totalMedia?: number;
}

export interface HaStateJson {
  now_playing: string;
  media: HaMedia | null;
  last_scan: string;
  scan: { uid: string; text: string; type: string; readerId: string; time: string } | null;
  readers: number;
  reader_list: HaReader[];
  indexing: "idle" | "indexing" | "optimizing";
  index: HaIndex;
}

export class HaState {
  private media: HaMedia | null;
  private scan: HaStateJson["scan"] = null;
  private readonly readers = new Map<string, HaReader>();
  private index: HaIndex;

  constructor(initial: { media: HaMedia | null; readers: HaReader[]; index: HaIndex }) {
    const m = initial.media;
    this.media = m ? { systemId: m.systemId, systemName: m.systemName, mediaPath: m.mediaPath, mediaName: m.mediaName } : null;
    for (const r of initial.readers) this.readers.set(`${r.driver}\u0000${r.path}`, r);
    this.index = initial.index;
  }

  /** Takes an event; true when the state changed (and should be published again). */
  apply<K extends NotificationName>(name: K, params: NotificationParams[K]): boolean {
    switch (name) {
      case "media.started": {
        const p = params as NotificationParams["media.started"];
        if (p.slot === "background") return false;
        this.media = { systemId: p.systemId, systemName: p.systemName, mediaPath: p.mediaPath, mediaName: p.mediaName };
        return true;
      }
      case "media.stopped": {
        const p = params as NotificationParams["media.stopped"];
        if (p.slot === "background") return false;
        this.media = null;
        return true;
      }
      case "tokens.added": {
        const t = params as NotificationParams["tokens.added"];
        this.scan = { uid: cut(t.uid), text: cut(t.text), type: t.type, readerId: t.readerId ?? "", time: t.scanTime };
        return true;
      }
      case "readers.added":
      case "readers.removed": {
        const r = params as NotificationParams["readers.added"];
        const key = `${r.driver}\u0000${r.path}`;
        if (name === "readers.added") this.readers.set(key, { driver: r.driver, path: r.path });
        else this.readers.delete(key);
        return true;
      }
      case "media.indexing": {
        const s = params as NotificationParams["media.indexing"];
        this.index = {
          indexing: s.indexing,
          optimizing: s.optimizing,
          ...(s.currentStep !== undefined ? { currentStep: s.currentStep } : {}),
          ...(s.totalSteps !== undefined ? { totalSteps: s.totalSteps } : {}),
          ...(s.currentStepDisplay !== undefined ? { currentStepDisplay: cut(s.currentStepDisplay) } : {}),
          ...(s.totalMedia !== undefined ? { totalMedia: s.totalMedia } : {}),
        };
        return true;
      }
      default:
        return false;
    }
  }

  json(): HaStateJson {
    const scan = this.scan;
    return {
      now_playing: cut(this.media?.mediaName ?? ""),
      media: this.media,
      last_scan: scan ? scan.text || scan.uid : "",
      scan,
      readers: this.readers.size,
      reader_list: [...this.readers.values()],
      indexing: this.index.indexing ? "indexing" : this.index.optimizing ? "optimizing" : "idle",
      index: this.index,
    };
  }
}
