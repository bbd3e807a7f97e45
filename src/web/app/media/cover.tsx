import { useEffect, useRef, useState } from "preact/hooks";
import { useApp } from "../hooks.ts";
import type { Connection } from "../rpc/connection.ts";

/** A media as the API names it: its system and its path (`<SystemId>/<path>` as search gives it, or absolute). */
export interface MediaKey {
  system: string;
  path: string;
}

/** Covers already asked for, per media and size: a data: URL, or null when the media has no artwork. */
const known = new Map<string, string | null>();
const pending = new Map<string, Promise<string | null | undefined>>();
/** A few requests at a time: a long list scrolled fast must not queue hundreds of image reads on the device. */
const PARALLEL = 3;
let running = 0;
const waiting: Array<() => void> = [];

/** Runs `fn` when a slot is free; a cover gone from the page meanwhile (a new search replaced its row) is skipped. */
async function slot<T>(wanted: () => boolean, fn: () => Promise<T>): Promise<T | undefined> {
  if (running >= PARALLEL) await new Promise<void>((r) => waiting.push(r));
  if (!wanted()) {
    waiting.shift()?.();
    return undefined;
  }
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function load(conn: Connection, m: MediaKey, maxSize: number, wanted: () => boolean): Promise<string | null | undefined> {
  const key = `${maxSize}\n${m.system}\n${m.path}`;
  let p = pending.get(key);
  if (!p) {
    p = slot(wanted, () => conn.call<{ contentType: string; data: string }>("media.image", { system: m.system, path: m.path, maxSize })).then(
      (r) => (r ? `data:${r.contentType};base64,${r.data}` : undefined),
      () => null, // no artwork (1001) or a failed read: the box stays a placeholder
    );
    void p.then((v) => {
      if (v === undefined) pending.delete(key); // not asked for after all: a later box asks again
      else known.set(key, v);
    });
    pending.set(key, p);
  }
  return p;
}

/** One observer for every cover: a cover is asked for only once its box comes near the screen. */
let observer: IntersectionObserver | undefined;
const onVisible = new Map<Element, () => void>();
function whenVisible(el: Element, fn: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const run = onVisible.get(e.target);
        onVisible.delete(e.target);
        observer!.unobserve(e.target);
        run?.();
      }
    },
    { rootMargin: "200px 0px" },
  );
  onVisible.set(el, fn);
  observer.observe(el);
  return () => {
    onVisible.delete(el);
    observer?.unobserve(el);
  };
}

/** Box sizes in rem, as styles.css draws `.cover` and `.cover.large`. */
const BOX_REM = { small: 3, large: 8 };
/** Sizes asked for, so covers of a screen share the device's cache whatever the zoom. */
const TIERS = [64, 96, 128, 192, 256, 384, 512];

/** The maxSize to ask for: the box's size in device pixels (rem × font size × pixel ratio), rounded up to a tier. */
export function coverPixels(large: boolean): number {
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const px = (large ? BOX_REM.large : BOX_REM.small) * rem * Math.min(window.devicePixelRatio || 1, 3);
  return TIERS.find((t) => t >= px) ?? (TIERS.at(-1) as number);
}

/**
 * A media's cover in a box of fixed size (no layout shift when it arrives), loaded when the box scrolls into
 * view. Decorative: the title next to it names the media.
 */
export function Cover({ media, large = false }: { media: MediaKey; large?: boolean }) {
  const { conn } = useApp();
  const maxSize = coverPixels(large);
  const box = useRef<HTMLSpanElement>(null);
  const key = `${maxSize}\n${media.system}\n${media.path}`;
  const [src, setSrc] = useState<string | null | undefined>(known.get(key));
  useEffect(() => {
    const have = known.get(key);
    setSrc(have);
    if (have !== undefined || !box.current) return;
    let live = true;
    const stop = whenVisible(box.current, () => void load(conn, media, maxSize, () => live).then((s) => live && s !== undefined && setSrc(s)));
    return () => {
      live = false;
      stop();
    };
  }, [key, conn]);
  const state = src === undefined ? "loading" : src === null ? "none" : "loaded";
  return (
    <span class={large ? "cover large" : "cover"} ref={box} data-testid="cover" data-state={state}>
      {src && <img src={src} alt="" decoding="async" />}
    </span>
  );
}
