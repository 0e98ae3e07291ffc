import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDataItemQuery } from '../api/getDataItem';
import { ItemHeader } from '../components/ItemHeader';
import { ItemStatus } from '../components/ItemStatus';
import { RecordsTable } from '../components/RecordsTable';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { parseFiltersParam } from '../lib/recordFilters';
import '../dataItems.css';

/**
 * /smartdata/datavalue/{itemId}/{itemName}/{itemType}/{objId}/{pid}/{parentDirectory}: the records
 * of a data item. `?filters=` (a JSON list) opens it filtered, as a jump association does.
 */
export function RecordsPage() {
  const { itemId } = useParams();
  const [search] = useSearchParams();
  const item = useDataItemQuery(Number(itemId));
  const timeZone = useCompanyTimeZone();
  const filtersParam = search.get('filters');
  const initialFilters = useMemo(() => parseFiltersParam(filtersParam), [filtersParam]);

  if (!item.data) {
    return (
      <div className="sd-page">
        <ItemStatus error={item.error} />
      </div>
    );
  }
  return (
    <div className="sd-page sd-page--wide">
      <ItemHeader item={item.data} current="records" />
      <RecordsTable key={item.data.id} item={item.data} timeZone={timeZone} initialFilters={initialFilters} />
    </div>
  );
}
