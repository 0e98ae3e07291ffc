import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataItemKind } from '@smartdata/domain';
import { useParams, useSearchParams } from 'react-router';
import { useDataItemQuery } from '../api/getDataItem';
import { ItemHeader } from '../components/ItemHeader';
import { ItemStatus } from '../components/ItemStatus';
import { DeviceTab } from '../components/settings/DeviceTab';
import { ExpiryTab } from '../components/settings/ExpiryTab';
import { FieldsTab } from '../components/settings/FieldsTab';
import { FormsTab } from '../components/settings/FormsTab';
import { ForwardsTab } from '../components/settings/ForwardsTab';
import { GeneralTab } from '../components/settings/GeneralTab';
import { JumpsTab } from '../components/settings/JumpsTab';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import '../dataItems.css';

const tabs = ['fields', 'forms', 'jumps', 'forwards', 'device', 'expiry', 'general'] as const;
type SettingsTab = (typeof tabs)[number];

/**
 * /smartdata/dataitem/config/{itemId}/{itemName}/{id}: a data item's settings — fields, forms
 * (with the designer), jump associations, forward conditions, value expiry, and its name and
 * master item. `?tab=` opens one tab. Without read-write the settings are shown read-only.
 */
export function DataItemSettingsPage() {
  const { t } = useTranslation('data-items');
  const { itemId } = useParams();
  const [search, setSearch] = useSearchParams();
  const item = useDataItemQuery(Number(itemId));
  const timeZone = useCompanyTimeZone();
  const wanted = search.get('tab');
  const active: SettingsTab = (tabs as readonly string[]).includes(wanted ?? '') ? (wanted as SettingsTab) : 'fields';

  if (!item.data) {
    return (
      <div className="sd-page">
        <ItemStatus error={item.error} />
      </div>
    );
  }
  const data = item.data;
  const canWrite = data.level === 'readWrite' || data.level === 'admin';
  // Remounted after each save so the editors start from what the server now holds.
  const version = data.updatedAt;

  return (
    <div className="sd-page sd-page--wide">
      <ItemHeader item={data} current="settings" description={t('settings.description')} />
      {!canWrite && <Alert type="info" showIcon title={t('settings.readOnly')} />}
      <Card className="sd-settings">
        <Tabs
          activeKey={active}
          onChange={(key) => setSearch((params) => {
            const next = new URLSearchParams(params);
            next.set('tab', key);
            return next;
          }, { replace: true })}
          items={[
            { key: 'fields', label: t('settings.tabs.fields', { count: data.fields.length }), children: <FieldsTab key={version} item={data} canWrite={canWrite} /> },
            { key: 'forms', label: t('settings.tabs.forms', { count: data.forms.length }), children: <FormsTab item={data} canWrite={canWrite} timeZone={timeZone} /> },
            { key: 'jumps', label: t('settings.tabs.jumps', { count: data.jumps.length }), children: <JumpsTab item={data} canWrite={canWrite} /> },
            { key: 'forwards', label: t('settings.tabs.forwards', { count: data.forwards.length }), children: <ForwardsTab item={data} canWrite={canWrite} timeZone={timeZone} /> },
            // IoT data lists (kind 13) are fed by a device (docs/telemetry.md).
            ...(data.kind === DataItemKind.iotDataList ? [{ key: 'device', label: t('settings.tabs.device'), children: <DeviceTab item={data} canWrite={canWrite} /> }] : []),
            { key: 'expiry', label: t('settings.tabs.expiry'), children: <ExpiryTab key={version} item={data} canWrite={canWrite} /> },
            { key: 'general', label: t('settings.tabs.general'), children: <GeneralTab key={version} item={data} canWrite={canWrite} /> },
          ]}
        />
      </Card>
    </div>
  );
}
