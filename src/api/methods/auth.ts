import { AuthClaimParams, AuthClaimResult, AuthLinkParams, AuthLinkStatus, AuthStatusParams, AuthStatusResult, AuthUnlinkResult } from "../../core/wire/auth.ts";
import type { DeviceLinkFlow } from "../../service/auth/device-link-flow.ts";
import type { LinkService } from "../../service/auth/link-service.ts";
import { callerIsAdmin, defineMethod } from "../rpc/method.ts";
import { ErrorCode, RpcError } from "../rpc/errors.ts";
import { requireAdmin } from "./admin.ts";

/**
 * `settings.auth.*`: linking the device to a remote service with a claim token, or by the reverse device link
 * (`settings.auth.link*`, a user code approved in the account); credentials in auth.toml.
 */
export function authMethods(deps: { link: LinkService; deviceLink: DeviceLinkFlow }) {
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
    defineMethod({
      name: "settings.auth.link",
      summary:
        "Starts the reverse device link against the account service (url, else backup.remote.link_url, default https://api.zaparoo.com; plain http only to localhost or a private IP literal): answers the user code and verification URLs to show, then polls until the user approves (the credential is stored in auth.toml, as settings.auth.claim does, and remote backups use it), the request expires or it is cancelled; auth.link.status tells each change. One flow at a time (1002 while one is pending). Admin clients and the device itself only.",
      params: AuthLinkParams,
      result: AuthLinkStatus,
      handler: async (p, caller) => {
        requireAdmin(caller, "settings.auth.link");
        return await deps.deviceLink.start(p.url);
      },
    }),
    defineMethod({
      name: "settings.auth.link.status",
      summary:
        "The link flow's state (status none before any; pending, approved, failed with error, cancelled): in full for the device itself and admin clients; without the user code and the URLs for an unpaired remote caller; refused (-32003) for other paired clients.",
      params: null,
      result: AuthLinkStatus,
      handler: (_p, caller) => {
        if (callerIsAdmin(caller)) return deps.deviceLink.status(true);
        if (caller.clientId === undefined) return deps.deviceLink.status(false);
        throw new RpcError(ErrorCode.LocalOnly, "settings.auth.link.status needs an admin client or the device itself");
      },
    }),
    defineMethod({
      name: "settings.auth.link.cancel",
      summary: "Cancels the pending link flow and answers its cancelled state (without the code and the URLs); 1001 when none is pending. Admin clients and the device itself only.",
      params: null,
      result: AuthLinkStatus,
      handler: (_p, caller) => {
        requireAdmin(caller, "settings.auth.link.cancel");
        return deps.deviceLink.cancel();
      },
    }),
  ];
}
