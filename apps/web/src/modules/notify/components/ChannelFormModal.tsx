import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelKinds, channelSecretSchema, channelTakesSecret, channelUrlSchema, notifyLimits, channelNameSchema, validationMessage, type ChannelKind, type ChannelView } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { Input, PasswordInput } from '@/shared/components/inputs';
import { domainRule } from '@/shared/forms/domainRule';
import { NameField } from '@/shared/forms/NameField';
import { useLocale } from '@/shared/i18n/useLocale';

/** What the channel dialog edits: an empty url or secret keeps the stored one when editing. */
export interface ChannelValues {
  kind: ChannelKind;
  name: string;
  url: string;
  secret: string;
  clearSecret?: boolean;
}

interface ChannelFormModalProps extends FormDialogProps<ChannelValues> {
  title: string;
  /** The channel being edited (its kind stays; the address and secret are never shown). */
  channel?: ChannelView;
}

/** A channel: kind, name, webhook address and (but for WeCom) its signing secret — checked as the server checks them. */
export function ChannelFormModal({ title, channel, saving, onSubmit, onCancel }: ChannelFormModalProps) {
  const { t } = useTranslation('notify');
  const locale = useLocale();
  const [form] = Form.useForm<ChannelValues>();
  const kind: ChannelKind = Form.useWatch('kind', form) ?? channel?.kind ?? 'dingtalk';
  const required = { required: !channel, message: validationMessage('validation.required', locale) ?? '' };
  const handleFinish = (values: ChannelValues) => onSubmit({ ...values, name: values.name.trim(), url: values.url?.trim() ?? '', secret: values.secret?.trim() ?? '' });
  return (
    <FormModal<ChannelValues>
      title={title}
      form={form}
      width={560}
      confirmLoading={saving}
      initialValues={{ kind: channel?.kind ?? 'dingtalk', name: channel?.name ?? '', url: '', secret: '', clearSecret: false }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={handleFinish}
    >
      <Form.Item name="kind" label={t('form.kind')} extra={t(`form.hint.${kind}`)}>
        <Select disabled={channel !== undefined} options={channelKinds.map((value) => ({ value, label: t(`kind.${value}`) }))} />
      </Form.Item>
      <NameField schema={channelNameSchema} label={t('form.name')} max={notifyLimits.nameLength} placeholder={t('form.namePlaceholder')} autoFocus />
      <Form.Item name="url" label={t('form.url')} rules={[required, domainRule(channelUrlSchema, t)]} extra={channel ? t('form.urlKeep', { hint: channel.urlHint }) : undefined}>
        <Input maxLength={notifyLimits.urlLength} placeholder={t(`form.urlPlaceholder.${kind}`)} autoComplete="off" spellCheck={false} />
      </Form.Item>
      {channelTakesSecret(kind) && (
        <>
          <Form.Item name="secret" label={t('form.secret')} rules={[domainRule(channelSecretSchema, t)]} extra={channel?.secretSet ? t('form.secretKeep') : undefined}>
            <PasswordInput maxLength={notifyLimits.secretLength} autoComplete="new-password" />
          </Form.Item>
          {channel?.secretSet && (
            <Form.Item name="clearSecret" valuePropName="checked">
              <Checkbox>{t('form.clearSecret')}</Checkbox>
            </Form.Item>
          )}
        </>
      )}
    </FormModal>
  );
}
