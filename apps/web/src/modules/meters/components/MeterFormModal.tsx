import { Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeSelectProps } from 'antd';
import { limits, MeterNodeType, nameSchema, validationMessage, type AddMeterRequest } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { NameField } from '@/shared/forms/NameField';
import { meterSettings, type MeterFormValues } from '../lib/meterForm';
import { MeterSettingsFields } from './MeterSettingsFields';
import '../meters.css';

interface Props extends FormDialogProps<AddMeterRequest> {
  /** The directories (and projects) the meter may go into, as the cabin offers them, and the value of the top. */
  places: TreeSelectProps['treeData'];
  topValue: number;
  directoryId: number | null;
}

type Values = MeterFormValues;

/** The cabin's 'New meter' dialog: where, name, standard (source, factor) or virtual (formula). Enter saves. */
export function MeterFormModal({ places, topValue, directoryId, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('meters');
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const handleFinish = (values: Values) => {
    const place = values.directoryId === undefined || values.directoryId === topValue ? null : values.directoryId;
    const settings = meterSettings(values);
    const name = values.name.trim();
    onSubmit(
      'formula' in settings
        ? { directoryId: place, name, nodeType: MeterNodeType.virtual, formula: settings.formula }
        : { directoryId: place, name, nodeType: MeterNodeType.standard, source: settings.source, factor: settings.factor },
    );
  };
  const initialValues: Partial<Values> = { directoryId: directoryId ?? topValue, name: '', nodeType: MeterNodeType.standard, sourceKind: 'item', factor: 1, formula: [{ factor: 1 }, { factor: 1 }] };
  return (
    <FormModal<Values> title={t('create.title')} form={form} width={640} confirmLoading={saving} okText={t('create.ok')} initialValues={initialValues} onCancel={onCancel} onFinish={handleFinish}>
      <Form.Item name="directoryId" label={t('form.directory')} rules={[{ required: true, message: validationMessage('validation.required', locale) ?? '' }]}>
        <TreeSelect treeData={places} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} />
      </Form.Item>
      <NameField schema={nameSchema} label={t('form.name')} max={limits.generalNameLength} counter="count" autoFocus />
      <MeterSettingsFields form={form} />
    </FormModal>
  );
}
