/** A promise settled once, from outside; a rejection nobody awaits (a run given up) is not reported. */
export class Deferred<T> {
  readonly promise: Promise<T>;
  private settle: { resolve(v: T): void; reject(e: Error): void } | null = null;

  constructor() {
    this.promise = new Promise<T>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.promise.catch(() => undefined);
  }

  resolve(v: T): void {
    this.settle?.resolve(v);
    this.settle = null;
  }

  reject(e: Error): void {
    this.settle?.reject(e);
    this.settle = null;
  }
}
