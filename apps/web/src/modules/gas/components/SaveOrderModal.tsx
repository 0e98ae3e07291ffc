import { Form, Input } from 'antd';
import { gasLimits } from '@smartdata/domain';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/shared/components/FormModal';
import type { OrderFields } from '../api/types';

const CYLINDER_NUMBER_MAX = gasLimits.cylinderNumberLength;
const TEXT_MAX = gasLimits.textLength;
const REMARKS_MAX = gasLimits.remarksLength;

interface Props {
  /** The order's own fields when a draft is changed. */
  initial?: OrderFields;
  saving: boolean;
  onSubmit: (fields: OrderFields) => void;
  onCancel: () => void;
}

/** The cylinder of a new blending order: number (required), material, valve, remarks. */
export function SaveOrderModal({ initial, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('gas');
  const [form] = Form.useForm<OrderFields>();
  return (
    <FormModal<OrderFields>
      open
      title={initial ? t('order.updateTitle') : t('order.saveTitle')}
      form={form}
      okText={t('order.save')}
      confirmLoading={saving}
      initialValues={initial ?? { cylinderMaterial: t('order.defaultMaterial'), valve: 'CGA 590', remarks: '' }}
      onCancel={onCancel}
      onFinish={(values) =>
        onSubmit({
          cylinderNumber: values.cylinderNumber.trim(),
          cylinderMaterial: values.cylinderMaterial?.trim() ?? '',
          valve: values.valve?.trim() ?? '',
          remarks: values.remarks?.trim() ?? '',
        })
      }
    >
      <p className="sd-muted">{t('order.saveHint')}</p>
      <Form.Item
        name="cylinderNumber"
        label={t('fields.cylinderNumber')}
        rules={[
          { required: true, whitespace: true, message: t('order.cylinderRequired') },
          { max: CYLINDER_NUMBER_MAX, message: t('order.tooLong', { max: CYLINDER_NUMBER_MAX }) },
        ]}
      >
        <Input autoFocus maxLength={CYLINDER_NUMBER_MAX} />
      </Form.Item>
      <Form.Item name="cylinderMaterial" label={t('fields.cylinderMaterial')} rules={[{ max: TEXT_MAX, message: t('order.tooLong', { max: TEXT_MAX }) }]}>
        <Input maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item name="valve" label={t('fields.valve')} rules={[{ max: TEXT_MAX, message: t('order.tooLong', { max: TEXT_MAX }) }]}>
        <Input maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item name="remarks" label={t('fields.remarks')} rules={[{ max: REMARKS_MAX, message: t('order.tooLong', { max: REMARKS_MAX }) }]}>
        <Input.TextArea rows={2} maxLength={REMARKS_MAX} />
      </Form.Item>
    </FormModal>
  );
}
