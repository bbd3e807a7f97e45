import { useState } from "preact/hooks";
import { useAction, useApp } from "../hooks.ts";
import { Notice } from "../ui/notice.tsx";
import { GamepadPad } from "./remote-gamepad.tsx";

/** Text typed as itself in the service's key syntax: `\` and `{` are escaped, newline is Enter, tab is Tab. */
export function literalKeys(text: string): string {
  return [...text].map((ch) => (ch === "\\" || ch === "{" ? `\\${ch}` : ch === "\n" ? "{enter}" : ch === "\t" ? "{tab}" : ch)).join("");
}

/** Keys a player reaches for on a console's menus, in the order of a compact grid. */
const KEYS: ReadonlyArray<{ keys: string; label: string; name: string }> = [
  { keys: "{esc}", label: "Esc", name: "Esc" },
  { keys: "{up}", label: "↑", name: "Up" },
  { keys: "{enter}", label: "Enter", name: "Enter" },
  { keys: "{left}", label: "←", name: "Left" },
  { keys: "{down}", label: "↓", name: "Down" },
  { keys: "{right}", label: "→", name: "Right" },
  { keys: "{tab}", label: "Tab", name: "Tab" },
  { keys: "{backspace}", label: "⌫", name: "Backspace" },
  { keys: "{f12}", label: "F12", name: "F12 (MiSTer menu)" },
];

/**
 * Remote input: keys and text for the device's virtual keyboard, buttons for its virtual gamepad. The service
 * answers with its reason where it cannot make the virtual devices (no /dev/uinput); that reason is shown.
 */
export function Remote() {
  const { conn } = useApp();
  const act = useAction();
  const [text, setText] = useState("");
  const send = (method: "input.keyboard" | "input.gamepad", params: { keys: string } | { buttons: string }, done: string) =>
    void act.run(async () => {
      await conn.call(method, params);
      return done;
    });
  return (
    <>
      <p class="sub">Sends key presses and gamepad buttons to whatever runs on the device.</p>
      <Notice error={act.error} message={act.message} />
      <section aria-labelledby="h-keyboard">
        <h2 id="h-keyboard">Keyboard</h2>
        <div class="pad keys" data-testid="remote-keys">
          {KEYS.map((k) => (
            <button key={k.keys} type="button" class="secondary" aria-label={k.name} onClick={() => send("input.keyboard", { keys: k.keys }, `Sent ${k.name}.`)}>
              {k.label}
            </button>
          ))}
        </div>
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (text !== "") send("input.keyboard", { keys: literalKeys(text) }, "Text typed.");
          }}
        >
          <label class="grow">
            Text to type
            <input value={text} autoComplete="off" spellcheck={false} onInput={(e) => setText(e.currentTarget.value)} />
          </label>
          <button type="submit" disabled={act.busy || text === ""}>
            Type
          </button>
        </form>
      </section>
      <section aria-labelledby="h-gamepad">
        <h2 id="h-gamepad">Gamepad</h2>
        <GamepadPad press={(buttons, name) => send("input.gamepad", { buttons }, `Pressed ${name}.`)} />
      </section>
    </>
  );
}
