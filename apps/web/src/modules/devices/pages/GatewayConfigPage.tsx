import { useState } from 'react';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DeviceItem, GatewayConfig } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { PageSpin } from '@/shared/components/PageSpin';
import { DEVICE_LIST_PATH } from '@/shared/routing/devicePaths';
import { useSavedFlowQuery } from '@/modules/gateways/api/flow';
import { DraftFlowEditor, GatewayConfigEditor } from '@/modules/gateways/components/GatewayConfigEditor';
import { useDeviceQuery } from '../api/devices';
import { useDevicesChannel } from '../hooks/useDevicesChannel';

/**
 * device/dtu/config/{deviceId}: the gateway's configuration (serial, MQTT links, flow) in the
 * flow editor of the gateways module, with save (`saveFlow`, checked first) and push to the
 * gateway. `deviceId` 0 opens the editor as a draft not tied to a device (firmware chosen by
 * hand, import/export only). The page is the devices module's (a device's sub-page, reached from
 * its detail page); the editor is the gateways module's, which does not import devices back.
 */
export function GatewayConfigPage() {
  const deviceId = Number(useParams().deviceId);
  const { t } = useTranslation(['gateways', 'texts']);
  const draft = deviceId === 0;
  const device = useDeviceQuery(deviceId, { enabled: !draft });
  const saved = useSavedFlowQuery(draft ? 0 : deviceId);
  const [draftFirmware, setDraftFirmware] = useState('1.3.4');

  if (!Number.isSafeInteger(deviceId) || deviceId < 0 || device.isError || saved.isError) {
    return (
      <div className="sd-page">
        <Result status="warning" title={t('page.notFound')} extra={<Link to={DEVICE_LIST_PATH}>{t('page.backToList')}</Link>} />
      </div>
    );
  }
  if (draft) {
    return (
      <div className="sd-page">
        <PageHeader title={t('page.draftTitle')} description={t('page.draftDescription')} />
        <DraftFlowEditor firmwareVersion={draftFirmware} onFirmwareChange={setDraftFirmware} />
      </div>
    );
  }
  if (device.isPending || saved.isPending) {
    return (
      <div className="sd-page">
        <Skeleton active />
        <PageSpin />
      </div>
    );
  }
  return <LiveGatewayConfig device={device.data} saved={saved.data} />;
}

/** The editor of a loaded device, kept current by the devices channel while it is open. */
function LiveGatewayConfig({ device, saved }: { device: DeviceItem; saved: GatewayConfig }) {
  useDevicesChannel();
  return <GatewayConfigEditor device={device} saved={saved} />;
}
