import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataItemLimits, dataItemNameSchema, validationMessage, type DataItemDetail } from '@smartdata/domain';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useUpdateDataItemMutation } from '../../api/updateDataItem';
import { ItemSelect } from './ItemSelect';

interface GeneralForm {
  name: string;
  parentItemId?: number | null;
}

/**
 * Name (spec §5: no special characters) and master item (child records). The kind is chosen
 * when the item is made and cannot change afterwards (the server keeps it), so it is shown only.
 */
export function GeneralTab({ item, canWrite }: { item: DataItemDetail; canWrite: boolean }) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message } = App.useApp();
  const locale = useLocale();
  const [form] = Form.useForm<GeneralForm>();
  const update = useUpdateDataItemMutation();

  const handleFinish = async (values: GeneralForm) => {
    try {
      await update.mutateAsync({ id: item.id, name: values.name.trim(), parentItemId: values.parentItemId ?? null });
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Form<GeneralForm>
      form={form}
      layout="vertical"
      disabled={!canWrite}
      className="sd-settings__narrow"
      initialValues={{ name: item.name, parentItemId: item.parentItemId }}
      onFinish={(values) => void handleFinish(values)}
    >
      <Form.Item
        name="name"
        label={t('general.name')}
        extra={t('general.nameHint')}
        rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(dataItemNameSchema, t)]}
      >
        <Input maxLength={dataItemLimits.nameLength} showCount />
      </Form.Item>
      <Form.Item label={t('general.kind')} extra={t('general.kindHint')}>
        <Input value={t(`kinds.${item.kind}`)} disabled aria-label={t('general.kind')} />
      </Form.Item>
      <Form.Item
        name="parentItemId"
        label={t('general.master')}
        extra={t('general.masterHint')}
        rules={[
          {
            validator: async (_rule, value: number | null | undefined) => {
              if (value === item.id) {
                throw new Error(t('general.masterSelf'));
              }
            },
          },
        ]}
      >
        <ItemSelect selfId={item.id} allowClear aria-label={t('general.master')} />
      </Form.Item>
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('actions.save')}
        </Button>
      )}
    </Form>
  );
}
