import { App, Button, Card, Skeleton, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { imageContentTypes, imageExtensions, limits, uploadProblem, type CompanySummary } from '@smartdata/domain';
import { companyLogoUri } from '@/shared/utils/companyLogo';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useRemoveCompanyLogoMutation } from '../api/removeCompanyLogo';
import { useUploadCompanyLogoMutation } from '../api/setCompanyLogo';

const ACCEPT = [...imageExtensions, ...imageContentTypes].join(',');

/**
 * The company logo: a JPG or PNG of at most 3 MB, checked here before anything is sent (spec §5,
 * §8 texts), turned into a 150px thumbnail by the server and shown in the sidebar at once.
 */
export function CompanyLogoCard({ company, loading }: { company: CompanySummary | undefined; loading: boolean }) {
  const { t } = useTranslation(['companies', 'texts']);
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const upload = useUploadCompanyLogoMutation();
  const remove = useRemoveCompanyLogoMutation();
  const thumbnail = companyLogoUri(company?.cfg);
  const side = limits.thumbnailSidePx;

  const handleFile = (file: File): false => {
    const problem = uploadProblem({ purpose: 'logo', fileName: file.name, contentType: file.type, size: file.size });
    if (problem === 'fileFormatIncorrect' || problem === 'imageTooLarge') {
      void message.error(t(`texts:${problem}`));
      return false;
    }
    upload.mutate(file, { onSuccess: () => void message.success(t('texts:operationSuccess')) });
    return false;
  };

  const handleRemove = () => confirm({ title: t('logo.removeTitle'), content: t('logo.removeContent'), okText: t('logo.remove'), run: () => remove.mutateAsync(), done: t('texts:deleteSuccess') });

  return (
    <Card title={t('logo.title')} className="sd-company-settings__card">
      {loading && !company ? (
        <Skeleton.Image active style={{ width: side, height: side }} />
      ) : (
        <div className="sd-logo-editor">
          <div className="sd-logo-editor__preview" style={{ width: side, height: side }}>
            {thumbnail ? (
              <img src={thumbnail} alt={t('logo.alt', { name: company?.displayName ?? '' })} width={side} height={side} />
            ) : (
              <span className="sd-logo-editor__empty">
                <PictureOutlined aria-hidden="true" />
                {t('logo.none')}
              </span>
            )}
          </div>
          <div className="sd-logo-editor__side">
            <p className="sd-logo-editor__hint">{t('logo.hint', { side })}</p>
            <div className="sd-logo-editor__actions">
              <Upload accept={ACCEPT} showUploadList={false} maxCount={1} beforeUpload={handleFile} disabled={upload.isPending}>
                <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                  {thumbnail ? t('logo.replace') : t('logo.upload')}
                </Button>
              </Upload>
              {/* Nothing to remove without a logo: not offered then. */}
              {thumbnail && (
                <Button danger icon={<DeleteOutlined />} disabled={upload.isPending} loading={remove.isPending} onClick={handleRemove}>
                  {t('logo.remove')}
                </Button>
              )}
            </div>
          </div>
        </div>
      )}
    </Card>
  );
}
