import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { childRecordsPath, formPagePath, recordsPath, segmentValue, settingsPath } from './dataItemPaths';

describe('links to the data item pages', () => {
  it('fill every segment of the route-table paths, unknown ones with 0 or -', () => {
    const records = recordsPath({ id: 12, name: '温度 记录', kind: 13, nodeId: 40, directoryId: 3, directoryName: '一号车间' });
    expect(records).toBe(`/smartdata/datavalue/12/${encodeURIComponent('温度 记录')}/13/40/3/${encodeURIComponent('一号车间')}`);
    expect(matchPath('/smartdata/datavalue/:itemId/:itemName/:itemType/:objId/:pid/:parentDirectory', records)?.params).toMatchObject({ itemId: '12', itemName: encodeURIComponent('温度 记录'), objId: '40' });
    expect(recordsPath({ id: 5, name: 'A' })).toBe('/smartdata/datavalue/5/A/10/0/0/-');
    expect(settingsPath({ id: 5, name: 'A', nodeId: 9 }, 'forms')).toBe('/smartdata/dataitem/config/5/A/9?tab=forms');
    expect(formPagePath({ id: 5, name: 'A' })).toBe('/smartdata/formpage/5/A/0');
    expect(formPagePath({ id: 5, name: 'A' }, 7)).toBe('/smartdata/formpage/5/A/7');
  });

  it('carry jump filters as ?filters= JSON', () => {
    const path = recordsPath({ id: 5, name: 'A' }, [{ field: 'orderNo', op: 'eq', value: 'PO-1' }]);
    const query = new URLSearchParams(path.split('?')[1]);
    expect(JSON.parse(query.get('filters')!)).toEqual([{ field: 'orderNo', op: 'eq', value: 'PO-1' }]);
  });

  it('open child records of one master record', () => {
    const path = childRecordsPath({ child: { id: 8, name: '明细', nodeId: 21 }, parent: { id: 5, name: '订单', nodeId: 20 }, recordId: 99, titleField: 'orderNo' });
    const params = matchPath('/smartdata/ChildValue/:objId/:itemId/:itemName/:parentItemId/:parentObjId/:recordId/:parentName/:filterList/:parentTitleColumn', path)?.params;
    expect(params).toMatchObject({ objId: '21', itemId: '8', itemName: encodeURIComponent('明细'), parentItemId: '5', parentObjId: '20', recordId: '99', parentName: encodeURIComponent('订单'), filterList: '-', parentTitleColumn: 'orderNo' });
    expect(segmentValue(params?.filterList)).toBe('');
  });
});
