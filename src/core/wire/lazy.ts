/**
 * A schema built on first use: `lazy(() => type({...}))` stands for the schema itself (call it, read its
 * properties, compose it) but builds it only when first touched. Building every schema at import was the
 * largest share of start-up after loading arktype (issue 26); most are needed only when their method is called.
 */
export function lazy<T extends object>(build: () => T): T {
  let real: T | undefined;
  const get = (): T => (real ??= build());
  // an arrow function target: callable, with no non-configurable own properties to constrain the traps
  const target = (() => {}) as unknown as T;
  return new Proxy(target, {
    apply: (_t, _this, args) => Reflect.apply(get() as unknown as (...a: unknown[]) => unknown, get(), args),
    get: (_t, prop) => Reflect.get(get(), prop),
    set: (_t, prop, value) => Reflect.set(get(), prop, value),
    has: (_t, prop) => Reflect.has(get(), prop),
    defineProperty: (_t, prop, desc) => Reflect.defineProperty(get(), prop, desc),
    getPrototypeOf: () => Reflect.getPrototypeOf(get()),
  });
}
