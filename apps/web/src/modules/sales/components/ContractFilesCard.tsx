import { App, Button, Card, Empty, List, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { salesLimits, storageLimits, uploadProblem, type SalesContract } from '@smartdata/domain';
import { useListActions } from '@/shared/hooks/useListActions';
import { formatDateTime } from '@/shared/utils/formatTime';
import { fetchContractFileUrl, useRemoveContractFileMutation, useUploadContractFileMutation } from '../api/contracts';
import { formatSize } from '@/modules/files/components/formatSize';

/**
 * A contract's files in object storage: upload (credential → PUT → addContractFile; at most
 * 50 MB, 20 files), download through a signed URL, remove after a question. Files change while
 * the contract is a draft or signed (`editable`).
 */
export function ContractFilesCard({ contract, editable }: { contract: SalesContract; editable: boolean }) {
  const { t } = useTranslation(['sales', 'texts']);
  const { message } = App.useApp();
  const upload = useUploadContractFileMutation();
  const remove = useRemoveContractFileMutation();
  const { confirmDelete } = useListActions();
  const full = contract.files.length >= salesLimits.filesMax;

  const handleFile = (file: File): false => {
    if (uploadProblem({ purpose: 'object', fileName: file.name, contentType: file.type, size: file.size })) {
      void message.error(t('files.tooLarge', { mb: storageLimits.fileMaxBytes / 1024 / 1024 }));
      return false;
    }
    upload.mutate({ id: contract.id, file }, { onSuccess: () => void message.success(t('files.uploaded', { name: file.name })) });
    return false;
  };

  const handleDownload = async (objectKey: string) => {
    try {
      const { url } = await fetchContractFileUrl({ id: contract.id, objectKey });
      window.open(url, '_blank', 'noopener');
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Card
      size="small"
      title={t('files.title', { count: contract.files.length })}
      extra={
        editable && (
          <Upload beforeUpload={handleFile} showUploadList={false} disabled={full || upload.isPending}>
            <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={full}>
              {t('files.upload')}
            </Button>
          </Upload>
        )
      }
    >
      {contract.files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(editable ? 'files.emptyHint' : 'files.empty')} />
      ) : (
        <List
          size="small"
          dataSource={contract.files}
          data-testid="contract-files"
          renderItem={(file) => (
            <List.Item
              actions={[
                <Button key="download" type="link" size="small" icon={<DownloadOutlined />} onClick={() => void handleDownload(file.objectKey)}>
                  {t('files.download')}
                </Button>,
                ...(editable
                  ? [
                      <Button
                        key="remove"
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() =>
                          confirmDelete({
                            title: t('files.removeTitle', { name: file.fileName }),
                            content: t('files.removeContent'),
                            okText: t('files.remove'),
                            onDelete: () => remove.mutateAsync({ id: contract.id, objectKey: file.objectKey }),
                          })
                        }
                      >
                        {t('files.remove')}
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <Space wrap>
                <PaperClipOutlined />
                <Typography.Text>{file.fileName}</Typography.Text>
                <Typography.Text type="secondary">
                  {formatSize(file.size)} · {formatDateTime(file.createdAt)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      {editable && <Typography.Paragraph type="secondary" className="sd-sales-files__hint">{t('files.hint', { mb: storageLimits.fileMaxBytes / 1024 / 1024, max: salesLimits.filesMax })}</Typography.Paragraph>}
    </Card>
  );
}
