import { type } from "arktype";
import { lazy } from "./lazy.ts";

/** Linking the device to a remote service (`settings.auth.*`), in the phone app's shapes. */

export const AuthClaimParams = lazy(() => type({ "+": "reject", claimUrl: "0 < string <= 2048", token: "0 < string <= 4096" }));
export type AuthClaimParams = typeof AuthClaimParams.infer;
export const AuthClaimResult = lazy(() => type({ domains: "string[]" }));

export const AuthStatusParams = lazy(() => type({ "+": "reject", url: "0 < string <= 2048" }));
export const AuthStatusResult = lazy(() => type({ linked: "boolean" }));

export const AuthUnlinkResult = lazy(() => type({ domains: "string[]" }));
