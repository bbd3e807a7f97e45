import type { Clock } from "../../core/clock.ts";
import { DomainError } from "../../core/errors.ts";
import { DEFAULT_TIMING, type InputTiming, planGamepad, planKeyboard } from "../../core/input/key-plan.ts";
import { parseInputKeys, ZapScriptError } from "../../core/zapscript/index.ts";
import type { Screenshot } from "../../platforms/mister/screenshot.ts";
import type { Runtime } from "../../runtime/types.ts";
import type { Lifecycle } from "../lifecycle.ts";
import { VirtualInput } from "./virtual-input.ts";

export type { Screenshot };

/**
 * Remote input and screenshots: key sequences for the virtual keyboard and gamepad (from the API and from
 * launch scripts, through the same path), and the platform's screenshot where it has one.
 */
export class InputService implements Lifecycle {
  readonly name = "input";
  private readonly virtual: VirtualInput;

  constructor(
    private readonly deps: {
      runtime: Pick<Runtime, "name" | "uinput">;
      clock: Clock;
      platform: string;
      /** Takes a screenshot; absent where the platform cannot. */
      screenshot?: () => Promise<Screenshot>;
    },
  ) {
    const { runtime } = deps;
    this.virtual = new VirtualInput({ uinput: runtime.uinput ? () => runtime.uinput!() : undefined, runtimeName: runtime.name, clock: deps.clock });
  }

  /** Presses keys as the launch script parser split them (`a`, `{enter}`, `{ctrl+q}`, `{delay:100}` …). */
  keyboard(keys: readonly string[], timing: InputTiming = DEFAULT_TIMING): Promise<void> {
    return this.virtual.run("keyboard", planKeyboard(keys, timing));
  }

  gamepad(buttons: readonly string[], timing: InputTiming = DEFAULT_TIMING): Promise<void> {
    return this.virtual.run("gamepad", planGamepad(buttons, timing));
  }

  /** A key sequence in the macro syntax, as the phone app sends it (`"{esc}"`, `"hello{enter}"`). */
  keyboardMacro(text: string): Promise<void> {
    return this.keyboard(parseMacro(text));
  }

  gamepadMacro(text: string): Promise<void> {
    return this.gamepad(parseMacro(text));
  }

  async screenshot(): Promise<Screenshot> {
    if (!this.deps.screenshot) throw new DomainError("unsupported", `screenshots are not supported on this platform (${this.deps.platform})`);
    return this.deps.screenshot();
  }

  stop(): void {
    this.virtual.close();
  }
}

function parseMacro(text: string): string[] {
  try {
    return parseInputKeys(text);
  } catch (err) {
    if (err instanceof ZapScriptError) throw new DomainError("invalid", `invalid input macro: ${err.message}`);
    throw err;
  }
}
