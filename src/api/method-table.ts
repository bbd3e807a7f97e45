import type { BackupService } from "../service/backup/backup-service.ts";
import type { LinkService } from "../service/auth/link-service.ts";
import type { DeviceLinkFlow } from "../service/auth/device-link-flow.ts";
import type { UiEventsService } from "../service/ui-events/ui-events-service.ts";
import type { ConfigStore } from "../config/store.ts";
import type { ClientsService } from "../service/clients/clients-service.ts";
import type { InboxService } from "../service/inbox/inbox-service.ts";
import type { InputService } from "../service/input/input-service.ts";
import type { LaunchService } from "../service/launch/launch-service.ts";
import type { MediaHistory } from "../service/media/media-history.ts";
import type { MediaService } from "../service/media/media-service.ts";
import type { PairingService } from "../service/pairing/pairing-service.ts";
import type { PlaytimeService } from "../service/playtime/playtime-service.ts";
import type { ProfilesService } from "../service/profiles/profiles-service.ts";
import type { ReadersService } from "../service/readers/readers-service.ts";
import type { WritePlaying } from "../service/write-playing/write-playing.ts";
import type { CardServices } from "../service/cards/card-services.ts";
import { cardsMethods } from "./methods/cards.ts";
import { cardsLabelsMethods } from "./methods/cards-labels.ts";
import { authMethods } from "./methods/auth.ts";
import { backupMethods } from "./methods/backup.ts";
import { clientsMethods } from "./methods/clients.ts";
import { discoverMethods } from "./methods/discover.ts";
import { healthMethods } from "./methods/health.ts";
import { inboxMethods } from "./methods/inbox.ts";
import { inputMethods } from "./methods/input.ts";
import { launchMethods } from "./methods/launch.ts";
import { launchersMethods } from "./methods/launchers.ts";
import { mediaHistoryMethods } from "./methods/media-history.ts";
import { logsMethods } from "./methods/logs.ts";
import { settingsReloadMethods } from "./methods/settings-reload.ts";
import { updateMethods } from "./methods/update.ts";
import { uiMethods } from "./methods/ui.ts";
import { logFilePath } from "../log.ts";
import { mappingsMethods } from "./methods/mappings.ts";
import { mediaMethods } from "./methods/media.ts";
import { mediaMetaMethods } from "./methods/media-meta.ts";
import { mediaBrowseMethods } from "./methods/media-browse.ts";
import { pairingMethods } from "./methods/pairing.ts";
import { playtimeMethods } from "./methods/playtime.ts";
import { profilesMethods } from "./methods/profiles.ts";
import { readersMethods } from "./methods/readers.ts";
import { writePlayingMethods } from "./methods/readers-write-playing.ts";
import { screenshotMethods } from "./methods/screenshot.ts";
import { settingsMethods } from "./methods/settings.ts";
import { systemsMethods } from "./methods/systems.ts";
import { tokensMethods } from "./methods/tokens.ts";
import { versionMethods } from "./methods/version.ts";
import type { AnyMethod } from "./rpc/method.ts";

/** The services the API adapts to JSON-RPC. */
export interface ApiServices {
  config: ConfigStore;
  /** The API version the service reports. */
  version: string;
  platform: string;
  launch: LaunchService;
  media: MediaService;
  readers: ReadersService;
  clients: ClientsService;
  pairing: PairingService;
  mediaHistory: MediaHistory;
  inbox: InboxService;
  profiles: ProfilesService;
  playtime: PlaytimeService;
  backup: BackupService;
  link: LinkService;
  deviceLink: DeviceLinkFlow;
  ui: UiEventsService;
  input: InputService;
  writePlaying: WritePlaying;
  cards: CardServices;
}

/** Every JSON-RPC method, one namespace file each; `rpc.discover` describes them all. */
export function buildMethodTable(s: ApiServices): AnyMethod[] {
  const methods: AnyMethod[] = [
    ...versionMethods({ version: s.version, platform: s.platform }),
    ...healthMethods(),
    ...settingsMethods({ config: s.config }),
    ...launchMethods({ launch: s.launch }),
    ...tokensMethods({ readers: s.readers, launch: s.launch }),
    ...mappingsMethods({ mappings: s.launch.mappings, files: s.launch.fileMappings }),
    ...mediaMethods({ media: s.media, launch: s.launch }),
    ...mediaMetaMethods({ media: s.media, launcherExtensions: (systemId) => s.launch.launcherExtensions(systemId) }),
    ...mediaBrowseMethods({ media: s.media }),
    ...systemsMethods({ media: s.media }),
    ...readersMethods({ readers: s.readers }),
    ...writePlayingMethods({ writePlaying: s.writePlaying }),
    ...clientsMethods({ clients: s.clients }),
    ...pairingMethods({ pairing: s.pairing }),
    ...settingsReloadMethods({ config: s.config, reloadMappings: () => s.launch.fileMappings.load() }),
    ...logsMethods({ logFile: logFilePath }),
    ...updateMethods({ version: s.version, platform: s.platform }),
    ...launchersMethods({ launch: s.launch, config: s.config }),
    ...mediaHistoryMethods({ history: s.mediaHistory, systemIds: (ids) => s.media.systemsById(ids).map((d) => d.id) }),
    ...inboxMethods({ inbox: s.inbox }),
    ...profilesMethods({ profiles: s.profiles }),
    ...playtimeMethods({ playtime: s.playtime, config: s.config }),
    ...backupMethods({ backup: s.backup }),
    ...authMethods({ link: s.link, deviceLink: s.deviceLink }),
    ...uiMethods({ ui: s.ui }),
    ...inputMethods({ input: s.input }),
    ...screenshotMethods({ input: s.input }),
    ...cardsMethods({ sets: s.cards.sets, queue: s.cards.queue }),
    ...cardsLabelsMethods({ labels: s.cards.labels }),
  ];
  methods.push(...discoverMethods({ methods: () => methods, version: s.version, platform: s.platform }));
  return methods;
}
