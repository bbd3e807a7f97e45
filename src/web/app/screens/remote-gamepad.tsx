/** One button of the pad: what the service's gamepad syntax calls it, its face and its spoken name. */
interface PadButton {
  buttons: string;
  label: string;
  name: string;
  area: string;
}

/** The d-pad on the left, face buttons on the right (SNES layout), shoulders above, Select/Start/Menu below. */
const BUTTONS: readonly PadButton[] = [
  { buttons: "L", label: "L", name: "L", area: "l" },
  { buttons: "R", label: "R", name: "R", area: "r" },
  { buttons: "^", label: "↑", name: "D-pad up", area: "up" },
  { buttons: "<", label: "←", name: "D-pad left", area: "left" },
  { buttons: ">", label: "→", name: "D-pad right", area: "right" },
  { buttons: "v", label: "↓", name: "D-pad down", area: "down" },
  { buttons: "X", label: "X", name: "X", area: "x" },
  { buttons: "Y", label: "Y", name: "Y", area: "y" },
  { buttons: "A", label: "A", name: "A", area: "a" },
  { buttons: "B", label: "B", name: "B", area: "b" },
  { buttons: "{select}", label: "Select", name: "Select", area: "select" },
  { buttons: "{menu}", label: "Menu", name: "Menu", area: "menu" },
  { buttons: "{start}", label: "Start", name: "Start", area: "start" },
];

/** A gamepad drawn as a grid of buttons; each press sends its button in the service's syntax. */
export function GamepadPad({ press }: { press(buttons: string, name: string): void }) {
  return (
    <div class="pad gamepad" data-testid="remote-gamepad" role="group" aria-label="Gamepad buttons">
      {BUTTONS.map((b) => (
        <button key={b.buttons} type="button" class="secondary" style={{ gridArea: b.area }} aria-label={b.name} onClick={() => press(b.buttons, b.name)}>
          {b.label}
        </button>
      ))}
    </div>
  );
}
