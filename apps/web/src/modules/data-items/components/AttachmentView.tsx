import { Image, Space, Spin, Tooltip } from 'antd';
import { FileOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDownloadUrlQuery } from '../api/getDownloadUrl';

/** The signed URL could not be obtained (spec §8 下载信息获取失败！). */
function DownloadFailed({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('texts:downloadInfoFailed')}>
      <span className="sd-attachments__file sd-muted" role="note" aria-label={t('texts:downloadInfoFailed')}>
        <WarningOutlined /> {children}
      </span>
    </Tooltip>
  );
}

function Thumbnail({ objectKey, alt }: { objectKey: string; alt: string }) {
  const url = useDownloadUrlQuery(objectKey);
  if (url.isError) {
    return <DownloadFailed>{alt}</DownloadFailed>;
  }
  if (!url.data) {
    return <span className="sd-attachments__thumb sd-attachments__thumb--empty">{url.isPending ? <Spin size="small" /> : '—'}</span>;
  }
  return <Image src={url.data.url} alt={alt} width={40} height={40} className="sd-attachments__thumb" />;
}

function FileLink({ objectKey, label }: { objectKey: string; label: string }) {
  const url = useDownloadUrlQuery(objectKey);
  const extension = /\.([a-z0-9]{1,10})$/.exec(objectKey)?.[1];
  const text = extension ? `${label}.${extension}` : label;
  if (url.isError) {
    return <DownloadFailed>{text}</DownloadFailed>;
  }
  return url.data ? (
    <a href={url.data.url} download className="sd-attachments__file" target="_blank" rel="noreferrer">
      <FileOutlined /> {text}
    </a>
  ) : (
    <span className="sd-attachments__file sd-muted">
      <FileOutlined /> {text}
    </span>
  );
}

/**
 * Pictures as thumbnails (click to preview) and files as download links, through signed download
 * URLs (5 minutes, renewed while shown).
 */
export function AttachmentView({ keys, picture }: { keys: readonly string[]; picture: boolean }) {
  const { t } = useTranslation('data-items');
  if (keys.length === 0) {
    return null;
  }
  if (picture) {
    return (
      <Image.PreviewGroup>
        <Space size={4} wrap>
          {keys.map((key, index) => (
            <Thumbnail key={key} objectKey={key} alt={t('attachments.pictureN', { n: index + 1 })} />
          ))}
        </Space>
      </Image.PreviewGroup>
    );
  }
  return (
    <Space size={[8, 2]} wrap>
      {keys.map((key, index) => (
        <FileLink key={key} objectKey={key} label={t('attachments.fileN', { n: index + 1 })} />
      ))}
    </Space>
  );
}
