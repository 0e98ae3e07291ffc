import { useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Result, Space, Table, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deviceLimits, firmwareVersionPattern, type FirmwareItem } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { FormModal } from '@/shared/components/FormModal';
import { uploadObject } from '@/shared/api/objectUpload';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddFirmwareMutation, useDeleteFirmwareMutation, useFirmwareListQuery } from '../api/firmware';
import { sha256Hex } from '../lib/sha256';
import '../devices.css';

interface FirmwareForm {
  model: string;
  version: string;
  remarks?: string;
}

/** /device/firmware: firmware packages per model (file, version, SHA-256), used by upgrades. */
export function FirmwarePage() {
  const { t } = useTranslation(['devices', 'texts']);
  const { message, modal } = App.useApp();
  const [model, setModel] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const list = useFirmwareListQuery(model, { ...page });
  const add = useAddFirmwareMutation();
  const remove = useDeleteFirmwareMutation();
  const [adding, setAdding] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [form] = Form.useForm<FirmwareForm>();

  const handleAdd = async (values: FirmwareForm) => {
    if (!file) {
      void message.error(t('firmware.fileRequired'));
      return;
    }
    setUploading(true);
    try {
      const sha256 = await sha256Hex(new Uint8Array(await file.arrayBuffer()));
      const objectKey = await uploadObject(file, 'gateway');
      await add.mutateAsync({ ...values, objectKey, sha256 });
      setAdding(false);
      setFile(null);
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    } finally {
      setUploading(false);
    }
  };

  const columns: TableColumnsType<FirmwareItem> = [
    { title: t('fields.model'), dataIndex: 'model', key: 'model' },
    { title: t('firmware.version'), dataIndex: 'version', key: 'version' },
    { title: t('firmware.file'), dataIndex: 'fileName', key: 'fileName', render: (name: string, f) => `${name} · ${(f.size / 1024).toFixed(1)} KB` },
    { title: 'SHA-256', dataIndex: 'sha256', key: 'sha256', render: (v: string) => <code title={v}>{v.slice(0, 16)}…</code> },
    { title: t('fields.remarks'), dataIndex: 'remarks', key: 'remarks', render: (v: string) => v || '—' },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: (v: number) => formatDateTime(v) },
    {
      title: t('actions.title'),
      key: 'actions',
      render: (_: unknown, f) => (
        <Button
          type="text"
          size="small"
          danger
          aria-label={t('delete.ok')}
          icon={<DeleteOutlined />}
          onClick={() =>
            void modal.confirm({
              title: t('firmware.deleteTitle', { version: f.version, model: f.model }),
              okText: t('delete.ok'),
              okButtonProps: { danger: true },
              onOk: () => remove.mutateAsync(f.id).then(() => void message.success(t('texts:deleteSuccess')), () => undefined),
            })
          }
        />
      ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('firmware.title')}
        description={t('firmware.description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('firmware.add')}
          </Button>
        }
      />
      <Card>
        <Space className="sd-devices__filters">
          <Input.Search aria-label={t('fields.model')} placeholder={t('firmware.searchModel')} allowClear onSearch={(v) => (setModel(v.trim()), setPage((p) => ({ ...p, pageNum: 1 })))} style={{ width: 240 }} />
        </Space>
        {list.isError ? (
          <Result status="warning" title={t('firmware.loadFailed')} extra={<Button onClick={() => void list.refetch()}>{t('list.retry')}</Button>} />
        ) : (
          <Table<FirmwareItem>
            rowKey="id"
            size="middle"
            columns={columns}
            loading={list.isPending}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: <Empty description={t('firmware.empty')} /> }}
            pagination={{ current: page.pageNum, pageSize: page.pageSize, total: list.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
          />
        )}
      </Card>
      <FormModal<FirmwareForm>
        open={adding}
        title={t('firmware.add')}
        okText={t('firmware.submit')}
        form={form}
        confirmLoading={uploading}
        onCancel={() => (setAdding(false), setFile(null))}
        onFinish={(values) => void handleAdd(values)}
      >
        <Form.Item name="model" label={t('fields.model')} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: deviceLimits.modelLength, message: t('form.tooLong') }]}>
          <Input placeholder="DTU-200" />
        </Form.Item>
        <Form.Item name="version" label={t('firmware.version')} rules={[{ required: true, message: t('form.required') }, { pattern: firmwareVersionPattern, message: t('firmware.versionFormat') }]}>
          <Input placeholder="1.3.4" />
        </Form.Item>
        <Form.Item label={t('firmware.file')} required>
          <Upload showUploadList={false} beforeUpload={(f) => (setFile(f), false)}>
            <Button icon={<UploadOutlined />}>{file ? file.name : t('firmware.choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="remarks" label={t('fields.remarks')} rules={[{ max: deviceLimits.remarksLength, message: t('form.tooLong') }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
