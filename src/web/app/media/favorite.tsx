import { useEffect, useState } from "preact/hooks";
import { useApp } from "../hooks.ts";
import type { MediaKey } from "./cover.tsx";

interface Tag {
  tag: string;
  type: string;
}
export const FAVORITE = "user:favorite";
export const isFavorite = (tags: readonly Tag[] | undefined) => (tags ?? []).some((t) => t.type === "user" && t.tag === "favorite");

/** A star that marks a media as a favourite (the `user:favorite` tag, kept in the user database) and unmarks it. */
/** `run` reports the outcome (the screen's toast: useAction().run). */
export function FavoriteButton({ media, name, tags, run }: { media: MediaKey; name: string; tags: readonly Tag[] | undefined; run(fn: () => Promise<string | undefined>): Promise<void> }) {
  const { conn } = useApp();
  const [on, setOn] = useState(isFavorite(tags));
  const [busy, setBusy] = useState(false);
  useEffect(() => setOn(isFavorite(tags)), [tags]);
  const toggle = async () => {
    setBusy(true);
    await run(async () => {
      const r = await conn.call<{ tags: Tag[] }>("media.tags.update", { system: media.system, path: media.path, [on ? "remove" : "add"]: [FAVORITE] });
      const now = isFavorite(r.tags);
      setOn(now);
      return now ? `Added ${name} to favourites.` : `Removed ${name} from favourites.`;
    });
    setBusy(false);
  };
  return (
    <button type="button" class="star" aria-pressed={on} disabled={busy} aria-label={`Favourite ${name}`} onClick={() => void toggle()}>
      <span aria-hidden="true">{on ? "★" : "☆"}</span>
    </button>
  );
}
