import { Button, Checkbox, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  validationMessage,
  webhookDeviceIdsSchema,
  webhookEvents,
  webhookEventsSchema,
  webhookItemIdsSchema,
  webhookLimits,
  webhookSecretSchema,
  webhookUrlSchema,
  type SubscriptionView,
  type WebhookEvent,
} from '@smartdata/domain';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useDeviceListQuery } from '@/modules/devices/api/devices';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { Input, PasswordInput } from '@/shared/components/inputs';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';

/** What the subscription dialog edits: an empty url or secret keeps the stored one when editing. */
export interface SubscriptionValues {
  url: string;
  secret: string;
  events: WebhookEvent[];
  itemIds: number[];
  deviceIds: number[];
}

interface SubscriptionFormModalProps extends FormDialogProps<SubscriptionValues> {
  title: string;
  /** The subscription being edited (its address and secret are never shown). */
  subscription?: SubscriptionView;
}

/** 32 random bytes as hex: a secret a receiver can paste into its configuration. */
function generatedSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How many devices the picker lists (typing is not needed for the small fleets this filter is for). */
const DEVICE_CHOICES = 200;

/**
 * An event subscription: the receiver's address, its signing secret (generated here or pasted),
 * the events, and optionally the data items and devices it narrows to — checked as the server
 * checks them (packages/domain webhooks schemas).
 */
export function SubscriptionFormModal({ title, subscription, saving, onSubmit, onCancel }: SubscriptionFormModalProps) {
  const { t } = useTranslation('webhooks');
  const locale = useLocale();
  const [form] = Form.useForm<SubscriptionValues>();
  const items = useDataItemListQuery();
  const devices = useDeviceListQuery({ pageNum: 1, pageSize: DEVICE_CHOICES });
  const required = { required: !subscription, message: validationMessage('validation.required', locale) ?? '' };
  const handleFinish = (values: SubscriptionValues) => onSubmit({ ...values, url: values.url?.trim() ?? '', secret: values.secret?.trim() ?? '', itemIds: values.itemIds ?? [], deviceIds: values.deviceIds ?? [] });
  return (
    <FormModal<SubscriptionValues>
      title={title}
      form={form}
      width={620}
      confirmLoading={saving}
      initialValues={{ url: '', secret: '', events: subscription?.events ?? [], itemIds: subscription?.itemIds ?? [], deviceIds: subscription?.deviceIds ?? [] }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={handleFinish}
    >
      <Form.Item name="url" label={t('form.url')} rules={[required, domainRule(webhookUrlSchema, t)]} extra={subscription ? t('form.urlKeep', { hint: subscription.urlHint }) : t('form.urlHint')}>
        <Input maxLength={webhookLimits.urlLength} placeholder="https://example.com/smartdata/events" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label={t('form.secret')} required={!subscription} extra={subscription ? t('form.secretKeep') : t('form.secretHint', { min: webhookLimits.secretMin, max: webhookLimits.secretMax })}>
        <Space.Compact className="sd-webhook-secret">
          <Form.Item name="secret" noStyle rules={[required, domainRule(webhookSecretSchema, t)]}>
            <PasswordInput maxLength={webhookLimits.secretMax} autoComplete="new-password" aria-label={t('form.secret')} visibilityToggle />
          </Form.Item>
          <Button onClick={() => form.setFieldsValue({ secret: generatedSecret() })}>{t('form.generate')}</Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="events"
        label={t('form.events')}
        required
        // One rule: the domain's (an empty list is refused there, "choose at least one event").
        rules={[domainRule(webhookEventsSchema, t)]}
      >
        <Checkbox.Group className="sd-webhook-events" options={webhookEvents.map((event) => ({ value: event, label: <span>{t(`event.${event}`)} <code className="sd-muted">{event}</code></span> }))} />
      </Form.Item>
      <Form.Item name="itemIds" label={t('form.items')} extra={t('form.itemsHint')} rules={[domainRule(webhookItemIdsSchema, t)]}>
        <Select
          mode="multiple"
          allowClear
          maxCount={webhookLimits.itemIdsMax}
          loading={items.isPending}
          placeholder={t('form.allItems')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(items.data?.list ?? []).map((item) => ({ value: item.id, label: item.name }))}
        />
      </Form.Item>
      <Form.Item name="deviceIds" label={t('form.devices')} extra={t('form.devicesHint')} rules={[domainRule(webhookDeviceIdsSchema, t)]}>
        <Select
          mode="multiple"
          allowClear
          maxCount={webhookLimits.deviceIdsMax}
          loading={devices.isPending}
          placeholder={t('form.allDevices')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(devices.data?.list ?? []).map((device) => ({ value: device.id, label: `${device.name} (${device.sn})` }))}
        />
      </Form.Item>
    </FormModal>
  );
}
