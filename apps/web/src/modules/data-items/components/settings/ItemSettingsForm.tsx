import type { ReactNode } from 'react';
import { App, Button, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateDataItemMutation, type DataItemChanges } from '../../api/updateDataItem';

interface ItemSettingsFormProps<V> {
  form: FormInstance<V>;
  canWrite: boolean;
  initialValues: Partial<V>;
  /** The item's change the values make (its id included). */
  toRequest: (values: V) => DataItemChanges;
  children: ReactNode;
}

/**
 * A settings tab that changes the item itself (general, value expiry): read-only for readers,
 * saved with one button, said when it took (the API client shows a refusal).
 */
export function ItemSettingsForm<V extends object>({ form, canWrite, initialValues, toRequest, children }: ItemSettingsFormProps<V>) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message } = App.useApp();
  const update = useUpdateDataItemMutation();

  const handleFinish = async (values: V) => {
    try {
      await update.mutateAsync(toRequest(values));
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Form<V> form={form} layout="vertical" disabled={!canWrite} className="sd-settings__narrow" initialValues={initialValues} onFinish={(values) => void handleFinish(values)}>
      {children}
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('actions.save')}
        </Button>
      )}
    </Form>
  );
}
