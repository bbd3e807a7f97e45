import type { Hono } from "hono";
import type { HttpEnv } from "../../api/http.ts";
import { pairingMethods } from "../../api/methods/pairing.ts";
import { mountPairingRoutes } from "../../api/pairing-routes.ts";
import type { AppModule, CoreContext } from "../../app-module.ts";
import { ClientsRepository } from "../../db/clients.ts";
import { PairingService } from "./pairing-service.ts";

/** PIN pairing: device-local methods to open a window, HTTP endpoints the phone app pairs through. */
export class PairingModule implements AppModule {
  readonly name = "pairing";
  readonly service: PairingService;

  constructor(core: CoreContext) {
    const repo = new ClientsRepository(core.userDb);
    this.service = new PairingService({ count: () => repo.count(), createPaired: (name, secret) => repo.createPaired(name, secret) });
  }

  methods() {
    return pairingMethods({ pairing: this.service });
  }

  routes(app: Hono<HttpEnv>): void {
    mountPairingRoutes(app, this.service);
  }

  stop(): void {
    this.service.cancel();
  }
}
