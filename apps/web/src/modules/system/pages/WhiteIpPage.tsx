import { Alert, App, Button, Card, Empty, Form, Input, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ipMatches, isIpOrCidr, systemLimits, validationMessage, type WhiteIpItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { PageHeader } from '@/shared/components/PageHeader';
import { requiredRule } from '@/shared/forms/zodRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddWhiteIpMutation, type AddWhiteIpRequest } from '../api/addWhiteIp';
import { useDeleteWhiteIpMutation } from '../api/deleteWhiteIp';
import { useWhiteIpListQuery } from '../api/getWhiteIpList';
import '../system.css';

/**
 * /systemMaintenance/systemwhiteip (system_white_ip): the IP allow-list. With entries, sign-in
 * and API calls from other addresses are refused; the server refuses any change that would shut
 * out the address saving it, and the page says which address that is.
 */
export function WhiteIpPage() {
  const { t } = useTranslation(['system', 'texts', 'common']);
  const { message } = App.useApp();
  const locale = useLocale();
  const [form] = Form.useForm<AddWhiteIpRequest>();
  const whiteIps = useWhiteIpListQuery();
  const addWhiteIp = useAddWhiteIpMutation();
  const deleteWhiteIp = useDeleteWhiteIpMutation();
  const yourIp = whiteIps.data?.yourIp ?? '';
  const entries = whiteIps.data?.list ?? [];

  const handleAdd = (values: AddWhiteIpRequest) => {
    addWhiteIp.mutate(
      { ip: values.ip.trim(), remark: values.remark?.trim() || undefined },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          form.resetFields();
        },
      },
    );
  };

  const columns: TableColumnsType<WhiteIpItem> = [
    {
      title: t('whiteIp.columns.ip'),
      dataIndex: 'ip',
      key: 'ip',
      render: (ip: string) => (
        <span className="sd-system__ip">
          <span className="sd-mono">{ip}</span>
          {yourIp && ipMatches(ip, yourIp) && <Tag color="blue">{t('whiteIp.coversYou')}</Tag>}
        </span>
      ),
    },
    { title: t('whiteIp.columns.remark'), dataIndex: 'remark', key: 'remark', render: (remark: string) => remark || '—' },
    { title: t('whiteIp.columns.createdBy'), dataIndex: 'createdBy', key: 'createdBy', render: (name: string) => name || '—' },
    { title: t('whiteIp.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 100,
      render: (_value, entry) => (
        <Popconfirm
          title={t('whiteIp.deleteConfirm', { ip: entry.ip })}
          description={entries.length === 1 ? t('whiteIp.deleteLastHint') : undefined}
          okText={t('actions.delete')}
          okButtonProps={{ danger: true }}
          // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
          onConfirm={() =>
            deleteWhiteIp.mutateAsync(entry.id).then(
              () => void message.success(t('texts:deleteSuccess')),
              () => undefined,
            )
          }
        >
          <Button type="link" danger size="small" icon={<DeleteOutlined />} aria-label={t('whiteIp.deleteLabel', { ip: entry.ip })}>
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader title={t('whiteIp.title')} description={t('whiteIp.description')} />
      {whiteIps.data && (
        <Alert
          type={entries.length === 0 ? 'info' : 'success'}
          showIcon
          title={
            <span>
              {t('whiteIp.yourIp')} <strong className="sd-mono" data-testid="your-ip">{yourIp}</strong>
            </span>
          }
          description={entries.length === 0 ? t('whiteIp.openHint') : t('whiteIp.activeHint', { count: entries.length })}
        />
      )}
      <Card title={t('whiteIp.addTitle')}>
        <Form<AddWhiteIpRequest> form={form} layout="inline" className="sd-system__inline-form" onFinish={handleAdd} requiredMark={false}>
          <Form.Item name="ip" label={t('whiteIp.fields.ip')} rules={[
              requiredRule(t),
              {
                // The rule of ipEntrySchema, with the domain's text for it.
                validator: async (_rule, value: string | undefined) => {
                  if (value?.trim() && !isIpOrCidr(value.trim())) {
                    throw new Error(validationMessage('validation.ip', locale) ?? '');
                  }
                },
              },
            ]}>
            <Input className="sd-mono" placeholder={t('whiteIp.fields.ipPlaceholder')} maxLength={64} autoComplete="off" style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="remark" label={t('whiteIp.fields.remark')} rules={[{ max: systemLimits.whiteIpRemarkLength, message: t('validation.tooLongN', { max: systemLimits.whiteIpRemarkLength }) }]}>
            <Input placeholder={t('whiteIp.fields.remarkPlaceholder')} maxLength={systemLimits.whiteIpRemarkLength} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={addWhiteIp.isPending}>
              {t('actions.add')}
            </Button>
          </Form.Item>
          {yourIp && !entries.some((entry) => ipMatches(entry.ip, yourIp)) && (
            <Form.Item>
              <Button onClick={() => form.setFieldsValue({ ip: yourIp, remark: (form.getFieldValue('remark') as string | undefined) || t('whiteIp.myAddressRemark') })}>
                {t('whiteIp.useMyIp')}
              </Button>
            </Form.Item>
          )}
        </Form>
      </Card>
      <Card>
        <Table<WhiteIpItem>
          rowKey="id"
          columns={columns}
          dataSource={entries}
          loading={whiteIps.isPending || deleteWhiteIp.isPending}
          pagination={entries.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('whiteIp.empty')}>
                <p className="sd-page__empty-hint">{t('whiteIp.emptyHint')}</p>
              </Empty>
            ),
          }}
        />
      </Card>
    </div>
  );
}
