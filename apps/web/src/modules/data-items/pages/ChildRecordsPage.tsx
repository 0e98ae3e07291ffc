import { Card, Descriptions, Space, Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FieldType, formatInstant } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useDataItemQuery } from '../api/getDataItem';
import { useRecordQuery } from '../api/getRecord';
import { AttachmentView } from '../components/AttachmentView';
import { ItemStatus } from '../components/ItemStatus';
import { RecordsTable } from '../components/RecordsTable';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { attachmentKeys, columnTitle, formatCellValue, isAttachmentType, orderedFields } from '../lib/fieldFormat';
import { recordsPath, segmentValue } from '@/shared/routing/dataItemPaths';
import '../dataItems.css';

/**
 * /smartdata/ChildValue/{objId}/{itemId}/{itemName}/{parentItemId}/{parentObjId}/{recordId}/{parentName}/{filterList}/{parentTitleColumn}:
 * master/detail — the parent record above, its child records (item `itemId`) below.
 */
export function ChildRecordsPage() {
  const { t } = useTranslation('data-items');
  const locale = useLocale();
  const params = useParams();
  const navigate = useNavigate();
  const childItem = useDataItemQuery(Number(params.itemId));
  const parentItem = useDataItemQuery(Number(params.parentItemId));
  const parentRecord = useRecordQuery(Number(params.recordId));
  const timeZone = useCompanyTimeZone();

  if (!childItem.data || !parentItem.data || !parentRecord.data) {
    return (
      <div className="sd-page">
        <ItemStatus error={childItem.error ?? parentItem.error ?? parentRecord.error} />
      </div>
    );
  }
  const master = parentItem.data;
  const record = parentRecord.data;
  const titleField = segmentValue(params.parentTitleColumn);
  const title = titleField && record.values[titleField] !== undefined && record.values[titleField] !== null ? String(record.values[titleField]) : `#${record.id}`;
  const masterLink = { id: master.id, name: master.name, kind: master.kind, nodeId: master.nodeId, directoryId: master.directoryId };

  return (
    <div className="sd-page sd-page--wide">
      <PageHeader
        title={t('child.title', { item: childItem.data.name, record: title })}
        description={t('child.description', { parent: master.name })}
        actions={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(recordsPath(masterLink))}>
            {t('child.back', { name: master.name })}
          </Button>
        }
      />
      <Card size="small" title={<Space>{t('child.parentRecord', { name: master.name })}</Space>}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            ...orderedFields(master.fields).map((field) => {
              const value = record.values[field.fieldName];
              return {
                key: field.fieldName,
                label: columnTitle(field),
                children: isAttachmentType(field.type) ? (
                  <AttachmentView keys={attachmentKeys(value)} picture={field.type === FieldType.picture} />
                ) : (
                  formatCellValue(field, value, timeZone, locale) || '—'
                ),
              };
            }),
            { key: 'createdAt', label: t('columns.createdAt'), children: formatInstant(record.createdAt, 'datetime', timeZone) },
          ]}
        />
      </Card>
      <RecordsTable key={`${childItem.data.id}-${record.id}`} item={childItem.data} timeZone={timeZone} parentRecordId={record.id} />
    </div>
  );
}
