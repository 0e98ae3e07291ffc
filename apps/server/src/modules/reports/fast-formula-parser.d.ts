/** The part of fast-formula-parser (MIT, no types of its own) that report templates use. */
declare module 'fast-formula-parser' {
  interface CellPosition {
    sheet: string;
    row: number;
    col: number;
  }
  interface RangeRef {
    sheet: string;
    from: { row: number; col: number };
    to: { row: number; col: number };
  }
  type Value = number | string | boolean | null | undefined | FormulaError;
  class FormulaError {
    constructor(error: string, details?: string);
    readonly error: string;
    readonly message: string;
  }
  class FormulaParser {
    static FormulaError: typeof FormulaError;
    constructor(config: { onCell?: (ref: CellPosition) => Value; onRange?: (ref: RangeRef) => Value[][]; functions?: Record<string, (...args: unknown[]) => unknown> });
    parse(formula: string, position: CellPosition, allowReturnArray?: boolean): unknown;
  }
  export default FormulaParser;
  export { FormulaError };
}
