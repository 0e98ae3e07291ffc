import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { validationMessage } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { companyToday } from '@/shared/utils/timeRange';
import { DATE_FORMAT } from './ContractFormModal';

interface DateActionModalProps extends FormDialogProps<string> {
  title: string;
  label: string;
  okText: string;
  /** Shown above the date (the current end). */
  note?: string;
  initial?: string | null;
  /** Dates on or before this one are refused (a renewal must be later). */
  after?: string | null;
  laterText?: string;
}

/** One date and a button: signing (the signed date) and renewing (a later end date). */
export function DateActionModal({ title, label, okText, note, initial, after, laterText, saving, onSubmit, onCancel }: DateActionModalProps) {
  const locale = useLocale();
  const timeZone = useCompanyTimeZone();
  const [form] = Form.useForm<{ date: Dayjs }>();
  const isTooEarly = (date: Dayjs) => Boolean(after) && date.format(DATE_FORMAT) <= after!;
  const handleFinish = ({ date }: { date: Dayjs }) => onSubmit(date.format(DATE_FORMAT));
  const initialValues: Partial<{ date: Dayjs }> = { date: initial ? dayjs(initial, DATE_FORMAT) : companyToday(timeZone) };
  return (
    <FormModal<{ date: Dayjs }> title={title} form={form} width={440} confirmLoading={saving} okText={okText} initialValues={initialValues} onCancel={onCancel} onFinish={handleFinish}>
      {note && <p>{note}</p>}
      <Form.Item
        name="date"
        label={label}
        rules={[
          { required: true, message: validationMessage('validation.required', locale) ?? '' },
          {
            validator: async (_rule, value: Dayjs | undefined) => {
              if (value && isTooEarly(value)) {
                throw new Error(laterText);
              }
            },
          },
        ]}
      >
        <DatePicker autoFocus allowClear={false} style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={isTooEarly} />
      </Form.Item>
    </FormModal>
  );
}
