import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceMessage, snPattern } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { fetchDeviceList } from '../api/devices';
import { deviceKeys } from '../api/keys';
import { useClaimDeviceMutation, type ClaimDeviceResult } from '../api/lifecycle';

/** How often the list is asked whether the claimed device has arrived, bound. */
const POLL_MS = 2000;

/**
 * Claiming a shipped device of another company (the maker) by its SN: the device then shows this
 * company's name and a code; once the one-key confirmation is pressed on it, the device moves here,
 * bound. The dialog shows the code and asks the device list until the device appears bound.
 */
export function ClaimDeviceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const locale = useLocale();
  const [form] = Form.useForm<{ sn: string }>();
  const claim = useClaimDeviceMutation();
  const queryClient = useQueryClient();
  const [claimed, setClaimed] = useState<ClaimDeviceResult | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const expired = claimed !== null && now > claimed.bindExpiresAt;
  const arrival = useQuery({
    queryKey: deviceKeys.list({ keyword: claimed?.sn, pageNum: 1, pageSize: 5 }),
    queryFn: ({ signal }) => fetchDeviceList({ keyword: claimed!.sn, pageNum: 1, pageSize: 5 }, signal),
    enabled: claimed !== null,
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.sn.toLowerCase() === claimed?.sn.toLowerCase() && d.bindState === 'bound') || expired ? false : POLL_MS),
  });
  const device = arrival.data?.list.find((d) => d.sn.toLowerCase() === claimed?.sn.toLowerCase() && d.bindState === 'bound');

  useEffect(() => {
    if (!claimed || device) {
      return undefined;
    }
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [claimed, device]);

  const close = () => {
    if (device) {
      // The device is now this company's: the list shows it.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    }
    setClaimed(null);
    form.resetFields();
    onClose();
  };
  const secondsLeft = claimed ? Math.max(0, Math.ceil((claimed.bindExpiresAt - now) / 1000)) : 0;

  return (
    <Modal
      open={open}
      title={t('claim.title')}
      onCancel={close}
      destroyOnHidden
      width={480}
      footer={
        claimed ? (
          <Button type={device ? 'primary' : 'default'} onClick={close}>
            {device ? t('claim.done') : t('claim.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('claim.cancel')}</Button>
            <Button type="primary" loading={claim.isPending} onClick={() => form.submit()}>
              {t('claim.submit')}
            </Button>
          </>
        )
      }
    >
      {!claimed ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            void claim.mutateAsync({ sn: values.sn.trim() }).then(
              (result) => {
                setNow(Date.now());
                setClaimed(result);
              },
              () => undefined,
            )
          }
        >
          <p className="sd-muted">{t('claim.intro')}</p>
          <Form.Item name="sn" label={t('fields.sn')} rules={[{ required: true, whitespace: true, message: deviceMessage('device.snInvalid', locale) ?? '' }, { pattern: snPattern, message: deviceMessage('device.snInvalid', locale) ?? '' }]}>
            <Input autoFocus className="sd-mono" maxLength={32} />
          </Form.Item>
        </Form>
      ) : device ? (
        <Result status="success" title={t('claim.success')} subTitle={t('claim.successDetail', { name: device.name, sn: device.sn })} data-testid="claim-success" />
      ) : expired ? (
        <Alert type="warning" showIcon title={t('claim.expired')} data-testid="claim-expired" />
      ) : (
        <div data-testid="claim-awaiting">
          <p>{t('claim.codeIntro', { sn: claimed.sn })}</p>
          <div className="sd-claim__code" aria-label={t('claim.codeLabel')}>
            {claimed.code}
          </div>
          <p className="sd-muted">
            <Spin size="small" /> {t('claim.waiting', { seconds: secondsLeft })}
          </p>
        </div>
      )}
    </Modal>
  );
}
