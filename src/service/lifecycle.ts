/**
 * A service as the composition root runs it: constructors only assign; `start()` does the work; `stop()` runs in
 * reverse start order, each isolated from the others' failures.
 */
export interface Lifecycle {
  readonly name: string;
  start?(): void | Promise<void>;
  stop?(): void | Promise<void>;
}
