import { useRef, useState } from 'react';
import { Alert, App, Button, Card, Empty, Image, Result, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import { DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { levelAtLeast, previewKind, type FileVersion } from '@smartdata/domain';
import { saveUrl } from '@/shared/api/download';
import { PageHeader } from '@/shared/components/PageHeader';
import { uploadObject } from '@/shared/api/objectUpload';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { formatDateTime } from '@/shared/utils/formatTime';
import { fetchDownloadUrl, useAddFileVersionMutation, useFileQuery, useFileSettingsQuery } from '../api/files';
import { filesKeys } from '../api/keys';
import { acceptOf, chosenFileProblem } from '../components/fileUpload';
import { formatSize } from '../components/formatSize';
import '../files.css';

const CABIN_PATH = '/smartdata/datacapsule';

/**
 * /smartdata/file/{fileId}: a file node — a preview of the chosen version (images inline, PDFs in
 * a frame from a short-lived signed URL), downloads, and the version history. Read-write may
 * upload a new version; the earlier ones stay.
 */
export function FilePage() {
  const fileId = Number(useParams().fileId);
  const { t } = useTranslation(['files', 'texts']);
  const { message } = App.useApp();
  const isPhone = useIsPhone();
  const file = useFileQuery(fileId);
  const settings = useFileSettingsQuery();
  const addVersion = useAddFileVersionMutation(fileId);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [chosenVersionId, setChosenVersionId] = useState<number | null>(null);

  const versions = file.data?.versions ?? [];
  const shown = versions.find((v) => v.id === chosenVersionId) ?? versions[0];
  const kind = shown ? previewKind(shown.contentType, shown.fileName) : null;
  const preview = useQuery({
    queryKey: [...filesKeys.file(fileId), 'preview', shown?.id ?? 0],
    queryFn: () => fetchDownloadUrl({ id: fileId, versionId: shown?.id }),
    enabled: shown !== undefined && kind !== null,
    staleTime: 4 * 60_000,
    retry: false,
  });

  if (!Number.isSafeInteger(fileId) || fileId <= 0 || file.isError) {
    return (
      <div className="sd-page">
        <Result status="warning" title={t('page.notFound')} extra={<Link to={CABIN_PATH}>{t('page.backToCabin')}</Link>} />
      </div>
    );
  }
  if (file.isPending) {
    return (
      <div className="sd-page">
        <Skeleton active />
      </div>
    );
  }
  const detail = file.data;
  const current = versions[0];
  const canWrite = levelAtLeast(detail.level, 'readWrite');

  const download = async (version: FileVersion) => {
    try {
      const { url, fileName } = await fetchDownloadUrl({ id: fileId, versionId: version.id });
      saveUrl(url, fileName);
    } catch {
      void message.error(t('texts:downloadInfoFailed'));
    }
  };

  const handleChosen = async (chosen: File | undefined) => {
    if (!chosen) {
      return;
    }
    const problem = chosenFileProblem(settings.data, chosen, t);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const objectKey = await uploadObject(chosen, 'object');
      await addVersion.mutateAsync({ id: fileId, objectKey });
      setChosenVersionId(null);
      void message.success(t('page.versionUploaded'));
    } catch {
      // Shown by the API client.
    } finally {
      setUploading(false);
    }
  };

  let previewBody;
  if (!shown || kind === null) {
    previewBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.none')} />;
  } else if (preview.isPending) {
    previewBody = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (preview.isError) {
    previewBody = <Alert type="error" showIcon message={t('texts:downloadInfoFailed')} />;
  } else if (kind === 'image') {
    previewBody = (
      <div className="sd-file-preview__image">
        <Image src={preview.data.url} alt={shown.fileName} />
      </div>
    );
  } else {
    previewBody = <iframe className="sd-file-preview__frame" src={preview.data.url} title={t('preview.frameTitle', { name: shown.fileName })} />;
  }

  const columns = [
    {
      key: 'version',
      title: t('versions.version'),
      width: isPhone ? 72 : 110,
      render: (_: unknown, v: FileVersion) => (
        <Space size={4} wrap>
          <span>v{v.versionNo}</span>
          {v.id === current?.id && <Tag color="blue">{t('versions.current')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'fileName',
      title: t('versions.fileName'),
      render: (_: unknown, v: FileVersion) => (
        <div className="sd-file-version">
          <div className="sd-file-version__name">{v.fileName}</div>
          <div className="sd-muted sd-file-version__meta">
            {t('versions.meta', { size: formatSize(v.size), uploader: v.uploaderName || '—', time: formatDateTime(v.createdAt) })}
          </div>
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('versions.actions'),
      width: 88,
      render: (_: unknown, v: FileVersion) => (
        <Space size={0}>
          {previewKind(v.contentType, v.fileName) && (
            <Tooltip title={t('versions.preview')}>
              <Button type="text" icon={<EyeOutlined />} aria-label={t('versions.previewVersion', { no: v.versionNo })} onClick={() => setChosenVersionId(v.id)} />
            </Tooltip>
          )}
          <Tooltip title={t('versions.download')}>
            <Button type="text" icon={<DownloadOutlined />} aria-label={t('versions.downloadVersion', { no: v.versionNo })} onClick={() => void download(v)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className="sd-page sd-file">
      <PageHeader
        title={detail.name}
        description={current ? t('page.summary', { no: current.versionNo, size: formatSize(current.size), time: formatDateTime(current.createdAt) }) : undefined}
        actions={
          <>
            <Link to={CABIN_PATH}>
              <Button>{t('page.backToCabin')}</Button>
            </Link>
            {current && (
              <Button icon={<DownloadOutlined />} onClick={() => void download(current)}>
                {t('actions.download')}
              </Button>
            )}
            {canWrite && (
              <>
                <input
                  ref={input}
                  type="file"
                  hidden
                  accept={acceptOf(settings.data)}
                  data-testid="file-version-input"
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    event.target.value = '';
                    void handleChosen(chosen);
                  }}
                />
                <Button type="primary" icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
                  {t('actions.uploadVersion')}
                </Button>
              </>
            )}
          </>
        }
      />
      <div className="sd-file__body">
        <Card
          className="sd-file-preview"
          title={shown ? t('preview.title', { no: shown.versionNo, name: shown.fileName }) : t('preview.titleEmpty')}
          extra={shown && shown.id !== current?.id ? <Button size="small" onClick={() => setChosenVersionId(null)}>{t('preview.backToCurrent')}</Button> : undefined}
        >
          {previewBody}
        </Card>
        <Card className="sd-file-versions" title={t('versions.title', { count: versions.length })}>
          <Table<FileVersion>
            rowKey="id"
            size="small"
            tableLayout="fixed"
            // Fits the card on a phone (the console scrolls phone tables sideways by default): names and details wrap.
            scroll={isPhone ? { x: 300 } : undefined}
            pagination={false}
            dataSource={versions}
            columns={columns}
            rowClassName={(v) => (v.id === shown?.id ? 'sd-file-versions__shown' : '')}
          />
          {!canWrite && <p className="sd-muted sd-file-versions__hint">{t('versions.readOnly')}</p>}
        </Card>
      </div>
    </div>
  );
}
