import { describe, expect, it } from 'vitest';
import { sectionFigures } from './SectionCards';

describe('the overview cards on the section entries', () => {
  it('puts the data items card on the smart data section', () => {
    const figures = sectionFigures([{ code: 'dataItems', count: 12 }]);
    expect(figures.get('smart_data')).toEqual({ code: 'dataItems', count: 12 });
  });

  it('keeps a card named after its section, and skips cards without a figure', () => {
    const figures = sectionFigures([
      { code: 'cloud_surveillance', count: 3 },
      { code: 'dataItems', count: null },
    ]);
    expect([...figures.keys()]).toEqual(['cloud_surveillance']);
  });
});
