import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataItemLimits, dataItemNameSchema, type DataItemDetail } from '@smartdata/domain';
import { NameField } from '@/shared/forms/NameField';
import { ItemSelect } from './ItemSelect';
import { ItemSettingsForm } from './ItemSettingsForm';

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
  const [form] = Form.useForm<GeneralForm>();

  return (
    <ItemSettingsForm<GeneralForm>
      form={form}
      canWrite={canWrite}
      initialValues={{ name: item.name, parentItemId: item.parentItemId }}
      toRequest={(values) => ({ id: item.id, name: values.name.trim(), parentItemId: values.parentItemId ?? null })}
    >
      <NameField schema={dataItemNameSchema} label={t('general.name')} max={dataItemLimits.nameLength} extra={t('general.nameHint')} />
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
    </ItemSettingsForm>
  );
}
