import { AuthClaimParams, AuthClaimResult, AuthStatusParams, AuthStatusResult, AuthUnlinkResult } from "../../core/wire/auth.ts";
import type { LinkService } from "../../service/auth/link-service.ts";
import { defineMethod } from "../rpc/method.ts";
import { requireAdmin } from "./admin.ts";

/** `settings.auth.*`: linking the device to a remote service with a claim token (credentials in auth.toml). */
export function authMethods(deps: { link: LinkService }) {
  return [
    defineMethod({
      name: "settings.auth.claim",
      summary: "Redeems a claim token at claimUrl (after its host's /.well-known/zaparoo allows it) and stores the bearer for that host and its trusted hosts.",
      params: AuthClaimParams,
      result: AuthClaimResult,
      example: { claimUrl: "https://api.example.com/auth/claim", token: "claim-token-abc123" },
      handler: async (p, caller) => {
        requireAdmin(caller, "settings.auth.claim");
        return { domains: await deps.link.claim(p.claimUrl, p.token) };
      },
    }),
    defineMethod({
      name: "settings.auth.status",
      summary: "Whether a bearer is stored for url (answered for official hosts over https and the backup server; otherwise false).",
      params: AuthStatusParams,
      result: AuthStatusResult,
      example: { url: "https://api.zaparoo.com" },
      handler: (p) => ({ linked: deps.link.status(p.url) }),
    }),
    defineMethod({
      name: "settings.auth.unlink",
      summary: "Revokes the device at the backup server and removes the credentials its link stored.",
      params: null,
      result: AuthUnlinkResult,
      handler: async (_p, caller) => {
        requireAdmin(caller, "settings.auth.unlink");
        return { domains: await deps.link.unlink() };
      },
    }),
  ];
}
