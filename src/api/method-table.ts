import type { ConfigStore } from "../config/store.ts";
import type { ClientsService } from "../service/clients/clients-service.ts";
import type { InputService } from "../service/input/input-service.ts";
import type { LaunchService } from "../service/launch/launch-service.ts";
import type { MediaService } from "../service/media/media-service.ts";
import type { PairingService } from "../service/pairing/pairing-service.ts";
import type { ReadersService } from "../service/readers/readers-service.ts";
import { clientsMethods } from "./methods/clients.ts";
import { discoverMethods } from "./methods/discover.ts";
import { healthMethods } from "./methods/health.ts";
import { inputMethods } from "./methods/input.ts";
import { launchMethods } from "./methods/launch.ts";
import { mappingsMethods } from "./methods/mappings.ts";
import { mediaMethods } from "./methods/media.ts";
import { pairingMethods } from "./methods/pairing.ts";
import { readersMethods } from "./methods/readers.ts";
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
  input: InputService;
}

/** Every JSON-RPC method, one namespace file each; `rpc.discover` describes them all. */
export function buildMethodTable(s: ApiServices): AnyMethod[] {
  const methods: AnyMethod[] = [
    ...versionMethods({ version: s.version, platform: s.platform }),
    ...healthMethods(),
    ...settingsMethods({ config: s.config }),
    ...launchMethods({ launch: s.launch }),
    ...tokensMethods({ readers: s.readers, launch: s.launch }),
    ...mappingsMethods({ mappings: s.launch.mappings }),
    ...mediaMethods({ media: s.media, launch: s.launch }),
    ...systemsMethods({ media: s.media }),
    ...readersMethods({ readers: s.readers }),
    ...clientsMethods({ clients: s.clients }),
    ...pairingMethods({ pairing: s.pairing }),
    ...inputMethods({ input: s.input }),
    ...screenshotMethods({ input: s.input }),
  ];
  methods.push(...discoverMethods({ methods: () => methods, version: s.version, platform: s.platform }));
  return methods;
}
