import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { itemGroupInput, limits } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { NameField } from '@/shared/forms/NameField';

type ItemGroupNameModalProps = FormDialogProps<string>;

/** A new item group's name; its data items are chosen on its settings page. */
export function ItemGroupNameModal({ saving, onSubmit, onCancel }: ItemGroupNameModalProps) {
  const { t } = useTranslation('cabin');
  const [form] = Form.useForm<{ name: string }>();
  const handleFinish = ({ name }: { name: string }) => onSubmit(name.trim());
  return (
    <FormModal<{ name: string }> title={t('itemGroups.createTitle')} form={form} width={480} confirmLoading={saving} okText={t('actions.create')} onCancel={onCancel} onFinish={handleFinish}>
      <NameField schema={itemGroupInput.shape.name} label={t('itemGroups.name')} max={limits.generalNameLength} counter="count" extra={t('itemGroups.nameHint')} autoFocus />
    </FormModal>
  );
}
