import { useRpc } from "../hooks.ts";
import type { MediaMeta } from "../types.ts";
import { Notice } from "../ui/notice.tsx";
import { Cover, type MediaKey } from "./cover.tsx";

/** Title fields as media.meta carries them (title tags), in the order shown. */
const FIELDS: Array<[type: string, label: string]> = [
  ["year", "Year"],
  ["developer", "Developer"],
  ["publisher", "Publisher"],
  ["genre", "Genre"],
  ["players", "Players"],
  ["rating", "Rating"],
];

/** A media's scraped metadata (media.meta): a larger cover, the description and the title's facts. */
export function MediaDetails({ media }: { media: MediaKey }) {
  const meta = useRpc<{ media: MediaMeta }>("media.meta", { system: media.system, path: media.path });
  if (meta.error) return <Notice error={meta.error} />;
  const m = meta.data?.media;
  if (!m) return <p class="sub">Loading details…</p>;
  const tagOf = (type: string) => m.title.tags.find((t) => t.type === type)?.tag;
  const facts = FIELDS.map(([type, label]) => [label, tagOf(type)] as const).filter(([, v]) => v !== undefined);
  const description = m.title.properties["property:description"]?.text;
  const fileTags = m.tags.filter((t) => t.type !== "user");
  return (
    <div class="details" data-testid="media-details">
      {m.availableImageTypes?.length ? <Cover media={media} large /> : null}
      <div class="details-text">
        {m.title.name && <p class="title">{m.title.name}</p>}
        {facts.length > 0 && (
          <dl class="facts">
            {facts.map(([label, v]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{label === "Rating" ? `${v}%` : v}</dd>
              </div>
            ))}
          </dl>
        )}
        {description ? <p class="description">{description}</p> : <p class="sub">No description scraped for this game.</p>}
        {fileTags.length > 0 && <p class="sub">{fileTags.map((t) => t.label ?? `${t.type}: ${t.tag}`).join(" · ")}</p>}
        {m.isMissing && <p class="bad">The file is no longer on disk.</p>}
      </div>
    </div>
  );
}
