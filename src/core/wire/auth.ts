import { type } from "arktype";

/** Linking the device to a remote service (`settings.auth.*`), in the phone app's shapes. */

export const AuthClaimParams = type({ "+": "reject", claimUrl: "0 < string <= 2048", token: "0 < string <= 4096" });
export type AuthClaimParams = typeof AuthClaimParams.infer;
export const AuthClaimResult = type({ domains: "string[]" });

export const AuthStatusParams = type({ "+": "reject", url: "0 < string <= 2048" });
export const AuthStatusResult = type({ linked: "boolean" });

export const AuthUnlinkResult = type({ domains: "string[]" });
