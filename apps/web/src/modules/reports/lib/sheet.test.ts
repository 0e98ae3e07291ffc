import { describe, expect, it } from 'vitest';
import { cellSource, gridSize, isEmptyCell, mergeMap, moveRef, withInput } from './sheet';

const names = { item: () => '车间', field: (_itemId: number, fieldName: string) => (fieldName === 'kwh' ? '电量' : fieldName === '' ? '（未选字段）' : fieldName), meter: () => '总表', aggregate: (a: string) => a };

describe('sheet helpers', () => {
  it('maps merges and sizes the grid', () => {
    const { topLeft, covered } = mergeMap([{ from: 'A1', to: 'C2' }]);
    expect(topLeft.get('A1')).toEqual({ row: 0, col: 0, rows: 2, cols: 3 });
    expect([...covered].sort()).toEqual(['A2', 'B1', 'B2', 'C1', 'C2']);
    expect(gridSize([{ ref: 'H20' }], [], [])).toEqual({ rows: 22, columns: 10 });
    expect(gridSize([], [], [])).toEqual({ rows: 12, columns: 6 });
  });

  it('edits a cell through the formula bar', () => {
    expect(withInput({ ref: 'A1', bold: true, text: 'x' }, '=B1*2')).toEqual({ ref: 'A1', bold: true, formula: 'B1*2' });
    expect(withInput({ ref: 'A1', formula: 'B1' }, '合计')).toEqual({ ref: 'A1', text: '合计' });
    expect(withInput({ ref: 'A1', bind: { meterId: 1 } }, '')).toEqual({ ref: 'A1' });
    expect(isEmptyCell({ ref: 'A1' })).toBe(true);
    expect(isEmptyCell({ ref: 'A1', bold: true })).toBe(false);
  });

  it('shows sources and moves within the grid', () => {
    expect(cellSource({ ref: 'A1', formula: 'SUM(B1:B3)' }, names)).toBe('=SUM(B1:B3)');
    // The field's name, not its key (issue 31.12); a binding whose field is not chosen yet says so.
    expect(cellSource({ ref: 'A1', bind: { itemId: 1, fieldName: 'kwh', aggregate: 'sum' } }, names)).toBe('{车间.电量 · sum}');
    expect(cellSource({ ref: 'A1', bind: { itemId: 1, fieldName: '', aggregate: 'sum' } }, names)).toBe('{车间.（未选字段） · sum}');
    expect(cellSource({ ref: 'A1', bind: { meterId: 2 } }, names)).toBe('⚡ 总表');
    expect(moveRef('A1', -1, -1, { rows: 10, columns: 5 })).toBe('A1');
    expect(moveRef('A1', 1, 2, { rows: 10, columns: 5 })).toBe('C2');
    expect(moveRef('E10', 1, 1, { rows: 10, columns: 5 })).toBe('E10');
  });
});
