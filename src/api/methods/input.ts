import { type } from "../../core/lazy-arktype.ts";
import { InputGamepadParams, InputKeyboardParams } from "../../core/wire/input.ts";
import type { InputService } from "../../service/input/input-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `input.keyboard` and `input.gamepad`: the phone app's remote input, on the device's virtual keyboard and gamepad. */
export function inputMethods(deps: { input: InputService }) {
  return [
    defineMethod({
      name: "input.keyboard",
      summary:
        "Types a key sequence on the device's virtual keyboard (Linux uinput) and answers once the last key is released. Macro syntax of the launch scripts: characters, {enter}, {esc}, {f12}, combos such as {ctrl+alt+del} or {shift+a}, {delay:500}, \\{ for a brace. 1005 with the reason where no virtual keyboard can be made.",
      params: InputKeyboardParams,
      result: type("null"),
      example: { keys: "{esc}" },
      handler: async (p) => {
        await deps.input.keyboardMacro(p.keys);
        return null;
      },
    }),
    defineMethod({
      name: "input.gamepad",
      summary:
        "Presses buttons on the device's virtual gamepad: ^ v < > (d-pad), A B X Y, L R, {start}, {select}, {menu}, {l2}, {r2} …, same macro syntax as input.keyboard.",
      params: InputGamepadParams,
      result: type("null"),
      example: { buttons: "^^vv<><>BA" },
      handler: async (p) => {
        await deps.input.gamepadMacro(p.buttons);
        return null;
      },
    }),
  ];
}
