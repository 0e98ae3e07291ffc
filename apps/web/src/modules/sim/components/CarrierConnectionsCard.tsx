import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Input, InputNumber, Radio, Table, Tag, type FormInstance, type TableColumnsType } from 'antd';
import { ApiOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { carrierConnectionProblems, carrierEndpointProblem, oneLinkDefaultEndpoint, simLimits, validationMessage, type CarrierConnection, type ConnectionMode, type ConnectionTestResult } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useConnectionsQuery, useTestConnectionMutation, useUpdateConnectionMutation } from '../api/connections';
import { CarrierTag } from './SimTags';
import '../sim.css';

interface Values {
  mode: ConnectionMode;
  account?: string;
  secret?: string;
  endpoint?: string;
  delaySeconds?: number;
  clearSecret?: boolean;
}

/**
 * The rules of the connection form, the server's (carrierConnectionProblem, carrierEndpointProblem
 * of packages/domain): for a live China Mobile connection an AppID and a password (typed now or
 * stored), and an http(s) endpoint or none.
 */
function connectionRules(form: FormInstance<Values>, editing: CarrierConnection | null, locale: ReturnType<typeof useLocale>) {
  const fail = (key: string | null) => (key ? Promise.reject(new Error(validationMessage(key, locale) ?? key)) : Promise.resolve());
  const problemOf = (field: 'account' | 'secret') => {
    if (!editing) {
      return null;
    }
    const values = form.getFieldsValue();
    return carrierConnectionProblems({
      carrier: editing.carrier,
      mode: values.mode,
      account: values.account ?? '',
      secret: values.clearSecret ? '' : values.secret ? values.secret : undefined,
      secretStored: editing.secretSet,
    })[field];
  };
  return {
    account: [{ validator: () => fail(problemOf('account')) }],
    secret: [{ validator: () => fail(problemOf('secret')) }],
    endpoint: [{ validator: (_rule: unknown, value: string | undefined) => fail(carrierEndpointProblem((value ?? '').trim())) }],
  };
}

/**
 * The company's carrier connections (company settings page): per carrier the simulated carrier
 * (the default; works everywhere) or the carrier's API — China Mobile through OneLink (AppID,
 * password, endpoint; a test call before it is saved as live), China Unicom and China Telecom as
 * stubs (credentials kept, never presented as working). Secrets show only as set or not set.
 */
export function CarrierConnectionsCard() {
  const { t } = useTranslation(['sim', 'texts']);
  const { message } = App.useApp();
  const locale = useLocale();
  const connections = useConnectionsQuery();
  const update = useUpdateConnectionMutation();
  const test = useTestConnectionMutation();
  const [editing, setEditing] = useState<CarrierConnection | null>(null);
  const [tested, setTested] = useState<ConnectionTestResult | null>(null);
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form);
  const oneLink = editing?.carrier === 'mobile';
  const rules = connectionRules(form, editing, locale);

  const openEditor = (row: CarrierConnection | null) => {
    setTested(null);
    setEditing(row);
  };

  const credentials = (values: Values) => ({
    account: values.account?.trim() ?? '',
    endpoint: values.endpoint?.trim() ?? '',
    // Omitted keeps the stored secret; '' clears it.
    ...(values.clearSecret ? { secret: '' } : values.secret ? { secret: values.secret } : {}),
  });

  const handleTest = () => {
    if (!editing) {
      return;
    }
    setTested(null);
    void form
      .validateFields(['account', 'secret', 'endpoint'])
      .then(() => test.mutate({ carrier: editing.carrier, ...credentials(form.getFieldsValue()) }, { onSuccess: setTested }))
      .catch(() => undefined);
  };

  const handleFinish = (values: Values) => {
    if (!editing) {
      return;
    }
    update.mutate(
      {
        carrier: editing.carrier,
        mode: values.mode,
        ...credentials(values),
        ...(values.mode === 'simulated' && values.delaySeconds !== undefined ? { delaySeconds: values.delaySeconds } : {}),
      },
      {
        onSuccess: () => {
          void message.success(values.mode === 'live' && editing.carrier === 'mobile' ? t('connections.savedLive', { carrier: t(`carriers.${editing.carrier}`) }) : t('texts:operationSuccess'));
          openEditor(null);
        },
      },
    );
  };

  const columns: TableColumnsType<CarrierConnection> = [
    { title: t('fields.carrier'), dataIndex: 'carrier', key: 'carrier', width: 120, render: (_value, row) => <CarrierTag carrier={row.carrier} /> },
    {
      title: t('connections.mode'),
      dataIndex: 'mode',
      key: 'mode',
      width: 200,
      render: (_value, row) => (
        <>
          <span>{t(`connections.modes.${row.mode}`)}</span> {row.working ? <Tag color="success">{t('connections.working')}</Tag> : <Tag color="warning">{t('connections.stub')}</Tag>}
        </>
      ),
    },
    { title: t('connections.account'), dataIndex: 'account', key: 'account', ellipsis: true, render: (account: string) => account || <span className="sd-muted">—</span> },
    { title: t('connections.secret'), dataIndex: 'secretSet', key: 'secret', width: 110, render: (set: boolean) => (set ? <Tag color="success">{t('connections.secretSet')}</Tag> : <Tag>{t('connections.secretNotSet')}</Tag>) },
    { title: t('connections.delay'), dataIndex: 'delaySeconds', key: 'delay', width: 130, render: (seconds: number, row) => (row.mode === 'simulated' ? t('connections.seconds', { count: seconds }) : '—') },
    { title: t('connections.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 170, className: 'sd-nowrap', render: (value: number | null) => (value ? formatDateTime(value) : t('connections.default')) },
    {
      title: t('connections.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_value, row) => (
        <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('connections.editOf', { carrier: t(`carriers.${row.carrier}`) })} onClick={() => openEditor(row)}>
          {t('connections.edit')}
        </Button>
      ),
    },
  ];

  const initialValues: Partial<Values> | undefined = editing ? { mode: editing.mode, account: editing.account, endpoint: editing.endpoint, delaySeconds: editing.delaySeconds } : undefined;
  return (
    <Card title={t('connections.title')} className="sd-sim-connections">
      <p className="sd-muted">{t('connections.description')}</p>
      <Table<CarrierConnection> size="small" rowKey="carrier" columns={columns} dataSource={connections.data ?? []} loading={connections.isPending} pagination={false} scroll={{ x: 900 }} aria-label={t('connections.title')} />
      <FormModal<Values>
        open={editing !== null}
        title={editing ? t('connections.editTitle', { carrier: t(`carriers.${editing.carrier}`) }) : ''}
        form={form}
        okText={t('connections.save')}
        confirmLoading={update.isPending}
        initialValues={initialValues}
        onFinish={handleFinish}
        onCancel={() => openEditor(null)}
      >
        <Form.Item name="mode" label={t('connections.mode')}>
          <Radio.Group
            onChange={() => setTested(null)}
            options={[
              { value: 'simulated', label: t('connections.modes.simulated') },
              { value: 'live', label: t('connections.modes.live') },
            ]}
          />
        </Form.Item>
        {mode === 'live' && <p className={oneLink ? 'sd-muted' : 'sd-sim-connections__stub'}>{oneLink ? t('connections.liveNoteOneLink') : t('connections.liveNote')}</p>}
        {mode === 'simulated' && (
          <Form.Item name="delaySeconds" label={t('connections.delay')} extra={t('connections.delayHelp')}>
            <InputNumber min={0} max={simLimits.simulatedDelayMaxSeconds} precision={0} suffix={t('connections.secondsUnit')} style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="account" label={oneLink ? t('connections.appid') : t('connections.account')} rules={rules.account} dependencies={['mode']}>
          <Input maxLength={simLimits.accountLength} autoComplete="off" />
        </Form.Item>
        <Form.Item name="secret" label={oneLink ? t('connections.password') : t('connections.secret')} extra={editing?.secretSet ? t('connections.secretKeep') : undefined} rules={rules.secret} dependencies={['mode', 'clearSecret']}>
          <Input.Password maxLength={simLimits.secretLength} autoComplete="new-password" placeholder={editing?.secretSet ? t('connections.secretSet') : t('connections.secretNotSet')} />
        </Form.Item>
        {editing?.secretSet && (
          <Form.Item name="clearSecret" valuePropName="checked">
            <Checkbox>{t('connections.clearSecret')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="endpoint" label={t('connections.endpoint')} rules={rules.endpoint} extra={oneLink ? t('connections.endpointDefault', { url: oneLinkDefaultEndpoint }) : undefined}>
          <Input maxLength={simLimits.endpointLength} placeholder={oneLink ? oneLinkDefaultEndpoint : 'https://'} />
        </Form.Item>
        {oneLink && mode === 'live' && (
          <div className="sd-sim-connections__test">
            <Button icon={<ApiOutlined />} loading={test.isPending} onClick={handleTest}>
              {t('connections.test')}
            </Button>
            {tested && <Alert role="status" type={tested.ok ? 'success' : 'error'} showIcon message={tested.ok ? t('connections.testPassed') : t('connections.testFailed')} description={tested.message ?? undefined} />}
          </div>
        )}
      </FormModal>
    </Card>
  );
}
