import { platformCall } from "../shared/platform-http.ts";
import { type EsRunningGame, parseRunningGame } from "./running-game.ts";
import { PlatformError } from "../shared/platform-http.ts";

export interface EsApiOptions {
  /** Base URL, e.g. http://127.0.0.1:1234 (config `platforms.batocera_api`). */
  baseUrl: () => string;
  timeoutMs: () => number;
}

const WHAT = "Batocera's EmulationStation API";

/**
 * Batocera's EmulationStation web API. A request with a body is a POST with a `text/plain` raw string body;
 * one without is a GET. Every call has a time-out.
 */
export class EsApi {
  constructor(private readonly opts: EsApiOptions) {}

  /** `POST /launch` with the absolute ROM path as the body. */
  async launch(path: string): Promise<void> {
    await this.call("/launch", path);
  }

  /**
   * `GET /runningGame`. The front end may answer the first request with stale state, so (as the reference
   * does) it is asked twice and the first answer is dropped.
   */
  async runningGame(): Promise<EsRunningGame | null> {
    await this.call("/runningGame");
    const text = await this.call("/runningGame");
    try {
      return parseRunningGame(text);
    } catch (err) {
      throw new PlatformError(`${WHAT} sent an unexpected /runningGame reply (${(err as Error).message})`);
    }
  }

  /** `GET /emukill`: ends the running emulator. */
  async emukill(): Promise<void> {
    await this.call("/emukill");
  }

  /** `POST /notify`: shows a notice in the front end. */
  async notify(text: string): Promise<void> {
    await this.call("/notify", text);
  }

  private call(path: string, body?: string): Promise<string> {
    const base = this.opts.baseUrl().replace(/\/+$/, "");
    return platformCall({ what: WHAT, url: `${base}${path}`, body, contentType: "text/plain", timeoutMs: this.opts.timeoutMs() });
  }
}
