import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { useApp } from "../hooks.ts";
import type { TagInfo } from "../types.ts";
import { Cover, type MediaKey } from "./cover.tsx";
import { MediaDetails } from "./details.tsx";
import { FavoriteButton } from "./favorite.tsx";

export interface MediaRowProps {
  media: MediaKey;
  name: string;
  sub: string;
  tags: readonly TagInfo[] | undefined;
  zapScript: string;
  /** The screen's action runner (its toast shows the outcome). */
  run(fn: () => Promise<string | undefined>): Promise<void>;
  /** More buttons after Launch and Details, and what they open below the row. */
  actions?: ComponentChildren;
  children?: ComponentChildren;
}

/** A media in a list: cover, name, a favourite star; Launch and Details (its scraped metadata) below. */
export function MediaRow({ media, name, sub, tags, zapScript, run, actions, children }: MediaRowProps) {
  const { conn } = useApp();
  const [open, setOpen] = useState(false);
  return (
    <li class="result">
      <div class="result-main">
        <Cover media={media} />
        <div class="result-text">
          <span class="title">{name}</span>
          <span class="sub">{sub}</span>
        </div>
        <FavoriteButton media={media} name={name} tags={tags} run={run} />
      </div>
      <div class="actions">
        <button type="button" onClick={() => run(async () => (await conn.call("launch", { text: zapScript }), `Launching ${name}.`))} aria-label={`Launch ${name}`}>
          Launch
        </button>
        <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={`Details of ${name}`}>
          Details
        </button>
        {actions}
      </div>
      {open && <MediaDetails media={media} />}
      {children}
    </li>
  );
}
