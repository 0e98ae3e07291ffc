import { useState } from 'react';
import { App, Button, Form, Input, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deviceLimits, firmwareVersionPattern, type FirmwareItem } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { FormModal } from '@/shared/components/FormModal';
import { uploadObject } from '@/shared/api/objectUpload';
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
  const { message } = App.useApp();
  const { confirmDelete } = useListActions();
  const paged = usePagedList(20);
  const list = useFirmwareListQuery(paged.keyword, { pageNum: paged.pageNum, pageSize: paged.pageSize });
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
    timeColumn(t('fields.createdAt'), 'createdAt', { width: null }),
    actionsColumn(
      t('actions.title'),
      (f) => [
        {
          key: 'delete',
          label: null,
          icon: <DeleteOutlined />,
          danger: true,
          ariaLabel: t('delete.ok'),
          onClick: () => confirmDelete({ title: t('firmware.deleteTitle', { version: f.version, model: f.model }), okText: t('delete.ok'), onDelete: () => remove.mutateAsync(f.id) }),
        },
      ],
      { width: null },
    ),
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('firmware.title')} description={t('firmware.description')} actions={<AddButton label={t('firmware.add')} onClick={() => setAdding(true)} />} />
      <ListCard<FirmwareItem> columns={columns} query={list} paged={paged} loading={list.isPending} table={{ size: 'middle' }} texts={{ search: t('firmware.searchModel'), empty: t('firmware.empty'), loadFailed: t('firmware.loadFailed') }} />
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
          <Input placeholder={t('fields.modelPlaceholder')} />
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
