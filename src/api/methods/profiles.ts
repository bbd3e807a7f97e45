import { type } from "../../core/lazy-arktype.ts";
import {
  ActiveProfile,
  DeleteProfileParams,
  NewProfileParams,
  Profile,
  ProfilesResult,
  SwitchProfileParams,
  UpdateProfileParams,
  VerifiedProfile,
  VerifyProfileParams,
} from "../../core/wire/profiles.ts";
import { activeView, type ProfilesService } from "../../service/profiles/profiles-service.ts";
import type { ProfileRecord } from "../../service/profiles/profiles-repo.ts";
import { invalidParams } from "../rpc/errors.ts";
import { type CallerContext, callerIsAdmin, defineMethod } from "../rpc/method.ts";
import { requireAdmin } from "./admin.ts";

/** A profile as callers see it; the switch id (a bearer credential) only for admins. */
function view(p: ProfileRecord, caller: CallerContext): Profile {
  const out: Profile = { ...activeView(p), createdAt: p.createdAt, lastUpdatedAt: p.updatedAt };
  if (p.lastUsedAt !== null) out.lastUsedAt = p.lastUsedAt;
  if (callerIsAdmin(caller)) out.switchId = p.switchId;
  return out;
}

/** Exactly one of profileId / switchId, as the reference requires for switch and verify. */
function credential(p: { profileId?: string | null; switchId?: string | null; pin?: string | null }): { profileId: string; pin: string } | { switchId: string } | null {
  const byId = p.profileId ?? "";
  const bySwitch = p.switchId ?? "";
  if (byId && bySwitch) throw invalidParams("invalid params: give exactly one of profileId or switchId");
  if (byId) return { profileId: byId, pin: p.pin ?? "" };
  if (bySwitch) return { switchId: bySwitch };
  return null;
}

/** `profiles*`: who plays, with their role, optional PIN and playtime limits. */
export function profilesMethods(deps: { profiles: ProfilesService }) {
  const { profiles } = deps;
  return [
    defineMethod({
      name: "profiles",
      summary: "Every profile, oldest first (switchId only for admin callers).",
      params: null,
      result: ProfilesResult,
      handler: (_p, caller) => ({ profiles: profiles.list().map((p) => view(p, caller)) }),
    }),
    defineMethod({
      name: "profiles.new",
      summary: "Creates a profile (admin). The first profile is always an admin; admins need a PIN (4-8 digits).",
      params: NewProfileParams,
      result: Profile,
      example: { name: "Sam", role: "member", pin: "1234", limitsEnabled: true, dailyLimit: "1h30m", sessionLimit: "45m" },
      handler: async (p, caller) => {
        requireAdmin(caller, "profiles.new");
        return view(await profiles.create(p), caller);
      },
    }),
    defineMethod({
      name: "profiles.update",
      summary: "Changes the given fields of a profile (admin); clearLimits resets limits to inherit before the limit fields apply.",
      params: UpdateProfileParams,
      result: Profile,
      example: { profileId: "5f0c1e8a-2b7d-4c1e-9a51-0d3f8b6e2a10", clearLimits: true, limitsEnabled: true, sessionLimit: "30m" },
      handler: async (p, caller) => {
        requireAdmin(caller, "profiles.update");
        return view(await profiles.update(p), caller);
      },
    }),
    defineMethod({
      name: "profiles.delete",
      summary: "Deletes a profile (admin); the device leaves it first if it is active.",
      params: DeleteProfileParams,
      result: type("null"),
      example: { profileId: "5f0c1e8a-2b7d-4c1e-9a51-0d3f8b6e2a10" },
      handler: (p, caller) => {
        requireAdmin(caller, "profiles.delete");
        profiles.delete(p.profileId);
        return null;
      },
    }),
    defineMethod({
      name: "profiles.active",
      summary: "The active profile, or null on the shared profile.",
      params: null,
      result: ActiveProfile.or("null"),
      handler: () => {
        const p = profiles.current();
        return p ? activeView(p) : null;
      },
    }),
    defineMethod({
      name: "profiles.switch",
      summary: "Switches by profileId (with its PIN when it has one; wrong PINs are rate-limited) or by switchId; neither: back to the shared profile.",
      params: SwitchProfileParams,
      result: ActiveProfile.or("null"),
      example: { profileId: "5f0c1e8a-2b7d-4c1e-9a51-0d3f8b6e2a10", pin: "1234" },
      handler: async (p) => {
        const by = credential(p ?? {});
        if (!by) {
          profiles.deactivate();
          return null;
        }
        return activeView(await profiles.switchTo(by));
      },
    }),
    defineMethod({
      name: "profiles.verify",
      summary: "Checks a profile's PIN (or a switch id) without switching; grants nothing. Shares the PIN rate limit with switching.",
      params: VerifyProfileParams,
      result: VerifiedProfile,
      example: { profileId: "5f0c1e8a-2b7d-4c1e-9a51-0d3f8b6e2a10", pin: "1234" },
      handler: async (p) => {
        const by = credential(p);
        if (!by) throw invalidParams("invalid params: profileId or switchId is required");
        const v = await profiles.verify(by);
        return { profileId: v.profileId, name: v.name, role: v.role, hasPin: v.pinHash !== "" };
      },
    }),
  ];
}
