import { useState } from 'react';
import { Button, Card, Empty, Form, Result, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDataItemQuery } from '../api/getDataItem';
import { useFormQuery } from '../api/getForm';
import { useSubmitFormMutation } from '../api/submitForm';
import { FormRenderer } from '../components/FormRenderer';
import { ItemHeader } from '../components/ItemHeader';
import { ItemStatus } from '../components/ItemStatus';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import type { ElementValue } from '../lib/formValues';
import { formPagePath, recordsPath, settingsPath } from '@/shared/routing/dataItemPaths';
import '../dataItems.css';

/**
 * /smartdata/formpage/{itemId}/{itemName}/{objId}: a designed form of the item (objId = the form's
 * id; 0 opens the item's first form), filled in and written as a record through submitForm.
 */
export function FormPage() {
  const { t } = useTranslation(['data-items', 'texts']);
  const navigate = useNavigate();
  const params = useParams();
  const item = useDataItemQuery(Number(params.itemId));
  const wanted = Number(params.objId);
  const formId = item.data ? (item.data.forms.find((f) => f.id === wanted)?.id ?? item.data.forms[0]?.id ?? 0) : 0;
  const form = useFormQuery(formId);
  const submit = useSubmitFormMutation();
  const timeZone = useCompanyTimeZone();
  const [antForm] = Form.useForm<Record<string, ElementValue>>();
  const [written, setWritten] = useState<number | null>(null);
  // The form is rendered afresh for each fill, so uploads and pickers start empty.
  const [round, setRound] = useState(0);

  if (!item.data) {
    return (
      <div className="sd-page">
        <ItemStatus error={item.error} />
      </div>
    );
  }
  const link = { id: item.data.id, name: item.data.name, kind: item.data.kind, nodeId: item.data.nodeId, directoryId: item.data.directoryId };
  const canWrite = item.data.level === 'readWrite' || item.data.level === 'admin';

  const handleSubmit = async (values: Record<string, unknown>) => {
    try {
      const result = await submit.mutateAsync({ formId, values });
      setWritten(result.id);
    } catch {
      // Shown by the API client; the filled form stays.
    }
  };

  const fillAnother = () => {
    antForm.resetFields();
    setWritten(null);
    setRound((n) => n + 1);
  };

  let body;
  if (item.data.forms.length === 0) {
    body = (
      <Empty description={t('formPage.noForms')}>
        {canWrite && (
          <Button type="primary" onClick={() => void navigate(settingsPath(link, 'forms'))}>
            {t('formPage.design')}
          </Button>
        )}
      </Empty>
    );
  } else if (!canWrite) {
    body = <Empty description={t('formPage.readOnly')} />;
  } else if (written !== null) {
    body = (
      <Result
        status="success"
        title={t('formPage.success')}
        subTitle={t('formPage.successHint', { id: written })}
        extra={[
          <Button key="again" type="primary" onClick={fillAnother}>
            {t('formPage.fillAnother')}
          </Button>,
          <Button key="records" onClick={() => void navigate(recordsPath(link))}>
            {t('formPage.viewRecords')}
          </Button>,
        ]}
      />
    );
  } else if (!form.data) {
    body = <ItemStatus error={form.error} />;
  } else {
    body = (
      <FormRenderer
        key={`${formId}-${round}`}
        design={form.data.design}
        fields={form.data.fields}
        timeZone={timeZone}
        form={antForm}
        submitting={submit.isPending}
        onSubmit={(values) => void handleSubmit(values)}
      />
    );
  }

  return (
    <div className="sd-page">
      <ItemHeader item={item.data} current="form" description={t('formPage.description')} />
      <Card
        className="sd-form-page"
        title={form.data?.name ?? item.data.forms.find((f) => f.id === formId)?.name}
        extra={
          item.data.forms.length > 1 && (
            <Space>
              <span className="sd-muted">{t('formPage.switch')}</span>
              <Select
                aria-label={t('formPage.switch')}
                value={formId}
                style={{ minWidth: 180 }}
                options={item.data.forms.map((f) => ({ value: f.id, label: f.name }))}
                onChange={(id: number) => {
                  setWritten(null);
                  void navigate(formPagePath(link, id), { replace: true });
                }}
              />
            </Space>
          )
        }
      >
        <div className="sd-form-page__body">{body}</div>
      </Card>
    </div>
  );
}
