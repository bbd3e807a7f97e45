/**
 * A platform part with the launch gate (playtime limits) run before one of its methods: the part as it is
 * otherwise, itself when there is no gate.
 */
export function gatedMethod<T extends object, K extends keyof T>(part: T | undefined, method: K, gate: (() => void) | undefined): T | undefined {
  if (!part || !gate) return part;
  const original = part[method] as unknown as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]): unknown => {
    gate();
    return original.apply(part, args);
  };
  return Object.assign(Object.create(part) as T, { [method]: wrapped });
}
