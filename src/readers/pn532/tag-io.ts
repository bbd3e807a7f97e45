/**
 * Tag-level commands relayed through the PN532 (InDataExchange to the selected target). The status byte is
 * checked here: anything but success rejects with TagIoError, which means the tag did not answer as asked
 * (gone, wrong key, not that kind of tag), as opposed to the link to the chip failing.
 */
import { CMD, exchangeStatus, statusText } from "./commands.ts";
import type { Pn532Link } from "./link.ts";
import { TagRefusedError } from "../type2/pages.ts";

export class TagIoError extends TagRefusedError {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`${what}: ${statusText(status)}`);
    this.name = "TagIoError";
  }
}

/** Sends raw tag bytes to target `tg`; resolves with the tag's answer. */
export type TagIo = (bytes: ArrayLike<number>, what: string) => Promise<Uint8Array>;

export function tagIo(link: Pn532Link, tg: number, timeoutMs = 300): TagIo {
  return async (bytes, what) => {
    const pd = await link.command(CMD.InDataExchange, [tg, ...Array.from(bytes)], { timeoutMs });
    const status = exchangeStatus(pd);
    if (status !== 0) throw new TagIoError(status, what);
    return pd.subarray(1);
  };
}
