/** An error whose message is already a sentence for the player. */
export class FriendlyError extends Error {}

/** A failed call as the page shows it: the code for decisions, a sentence for the player. */
export class RpcFailure extends FriendlyError {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const OFFLINE = -1;

const sentence = (s: string) => {
  const t = s.replace(/^invalid params:\s*/i, "").trim();
  const c = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(c) ? c : `${c}.`;
};

/** The message the service gave, made into a sentence, or a plain explanation where it gave none useful. */
export function friendlyError(code: number, message: string): string {
  switch (code) {
    case OFFLINE:
      return "The device is not reachable right now. Check that it is on and on the same network.";
    case -32601:
      return "This device does not support that yet.";
    case -32603:
      return "Something went wrong on the device. Its log has the details.";
    case -32004:
      return "Too many requests. Wait a moment and try again.";
    case -32003:
      return "That can only be done on the device itself.";
    default:
      return message ? sentence(message) : "That did not work.";
  }
}

/** Any thrown value as a sentence. */
export function errorText(err: unknown): string {
  if (err instanceof FriendlyError) return err.message;
  return "That did not work.";
}
