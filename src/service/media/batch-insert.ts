import type { SqlDatabase, SqlStatement, SqlValue } from "../../runtime/types.ts";

/** Rows per INSERT statement: one statement step per batch instead of one per row. */
const BATCH_ROWS = 64;

/** Inserts rows of two to four columns into `table`, BATCH_ROWS rows per statement; `flush()` writes the rest. */
export class BatchInsert {
  private readonly many: SqlStatement;
  private readonly one: SqlStatement;
  /** The batch being filled, in place (no array per row: 250k rows a run). */
  private readonly values: SqlValue[];
  private filled = 0;
  private readonly width: number;

  constructor(db: SqlDatabase, table: string, columns: readonly [string, string, string?, string?]) {
    this.width = columns.length;
    const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES `;
    const row = `(${columns.map(() => "?").join(", ")})`;
    this.many = db.prepare(head + Array(BATCH_ROWS).fill(row).join(", "));
    this.one = db.prepare(head + row);
    this.values = new Array<SqlValue>(BATCH_ROWS * this.width);
  }

  /** Adds a row: its values in the columns' order (`c` and `d` only with as many columns). */
  add(a: SqlValue, b: SqlValue, c: SqlValue = null, d: SqlValue = null): void {
    const v = this.values;
    let n = this.filled;
    v[n++] = a;
    v[n++] = b;
    if (this.width > 2) v[n++] = c;
    if (this.width === 4) v[n++] = d;
    if (n === v.length) {
      this.many.run(...v);
      n = 0;
    }
    this.filled = n;
  }

  flush(): void {
    for (let i = 0; i < this.filled; i += this.width) this.one.run(...this.values.slice(i, i + this.width));
    this.filled = 0;
  }
}
