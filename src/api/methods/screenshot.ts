import { ScreenshotResult } from "../../core/wire/input.ts";
import type { InputService } from "../../service/input/input-service.ts";
import { defineMethod } from "../rpc/method.ts";

/** `screenshot`: what the device shows, as an image file. */
export function screenshotMethods(deps: { input: InputService }) {
  return [
    defineMethod({
      name: "screenshot",
      summary: "Takes a screenshot (MiSTer: through MiSTer Main, saved in its screenshots folder) and returns the file's path, its bytes in base64 and its size. 1005 on platforms without screenshots.",
      params: null,
      result: ScreenshotResult,
      handler: async (): Promise<ScreenshotResult> => {
        const shot = await deps.input.screenshot();
        return { path: shot.path, data: Buffer.from(shot.data).toString("base64"), size: shot.data.length };
      },
    }),
  ];
}
