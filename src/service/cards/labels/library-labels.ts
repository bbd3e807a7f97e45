import type { CardSets } from "../card-sets.ts";
import type { MediaService } from "../../media/media-service.ts";
import { MetaReader } from "../../scrape/meta-reader.ts";
import { coverArtSource } from "./cover-art.ts";
import { deviceOrigin } from "./device-origin.ts";
import { LabelRenderer } from "./label-renderer.ts";

/** The label renderer of this device: covers from its library, games from its card sets, links to its port. */
export function libraryLabels(media: MediaService, sets: CardSets, port: () => number): LabelRenderer {
  const reader = new MetaReader(media.scrape.meta, () => media.rootFolders());
  return new LabelRenderer({ art: coverArtSource(media.scrape.meta, reader), setItems: (id) => sets.items(id), linkBase: () => deviceOrigin(port()) });
}
