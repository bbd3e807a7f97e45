import { type } from "../lazy-arktype.ts";

/**
 * Remote input and screenshots on the wire: `input.keyboard`, `input.gamepad`, `screenshot` (the phone app's
 * InputKeyboardRequest, InputGamepadRequest and ScreenshotResponse).
 */

/** `keys`: a key sequence in the launch scripts' macro syntax: `"hello{enter}"`, `"{esc}"`, `"{ctrl+alt+del}"`. */
export const InputKeyboardParams = type({ "+": "delete", keys: "string" });
export type InputKeyboardParams = typeof InputKeyboardParams.infer;

/** `buttons`: gamepad buttons in the same syntax: `"^^vv<><>BA{start}"`, `"{l1}"`. */
export const InputGamepadParams = type({ "+": "delete", buttons: "string" });
export type InputGamepadParams = typeof InputGamepadParams.infer;

/** The image file, its bytes in base64, and its size in bytes. */
export const ScreenshotResult = type({ path: "string", data: "string", size: "number.integer >= 0" });
export type ScreenshotResult = typeof ScreenshotResult.infer;
