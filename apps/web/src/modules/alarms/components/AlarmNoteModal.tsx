import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmLimits } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';

export interface AlarmNoteValues {
  note?: string;
}

interface AlarmNoteModalProps extends FormDialogProps<string> {
  title: string;
  hint?: string;
  okText: string;
}

/** The note of an acknowledgement or a clearing (optional; it goes into the handling record). Enter saves. */
export function AlarmNoteModal({ title, hint, okText, saving, onSubmit, onCancel }: AlarmNoteModalProps) {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<AlarmNoteValues>();
  return (
    <FormModal<AlarmNoteValues> title={title} form={form} width={480} okText={okText} confirmLoading={saving} onCancel={onCancel} onFinish={({ note }) => onSubmit(note?.trim() ?? '')}>
      {hint && <p className="sd-muted">{hint}</p>}
      <Form.Item name="note" label={t('note.note')}>
        <Input autoFocus maxLength={alarmLimits.noteLength} showCount placeholder={t('note.notePlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
