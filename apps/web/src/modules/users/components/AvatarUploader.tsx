import { useState } from 'react';
import { Alert, App, Avatar, Button, Popconfirm, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { imageContentTypes, imageExtensions, uploadProblem } from '@smartdata/domain';
import { useSessionStore } from '@/shared/session/sessionStore';
import { initialOf } from '@/shared/utils/companyLogo';
import { useRemoveAvatarMutation } from '../api/removeAvatar';
import { useUploadAvatarMutation } from '../api/uploadAvatar';

const accept = [...imageExtensions, ...imageContentTypes].join(',');

/**
 * The current user's avatar: JPG or PNG of at most 3MB (spec §5), checked here before anything is
 * sent (the spec's texts 文件格式错误，请上传图片类型 / 图片大小超过 3M), then uploaded through a
 * signed URL. The navbar shows the new avatar at once.
 */
export function AvatarUploader() {
  const { t } = useTranslation(['users', 'texts']);
  const { message } = App.useApp();
  const user = useSessionStore((state) => state.user);
  const upload = useUploadAvatarMutation();
  const remove = useRemoveAvatarMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const name = user?.name || user?.userName || '';
  const hasAvatar = Boolean(user?.headImgUrl);

  const checkFile = (file: File): boolean => {
    const found = uploadProblem({ purpose: 'avatar', fileName: file.name, contentType: file.type, size: file.size });
    if (found) {
      const text = t(`texts:${found}`);
      setProblem(text);
      void message.error(text);
      return false;
    }
    setProblem(null);
    return true;
  };

  return (
    <div className="sd-avatar-uploader">
      <Avatar size={88} src={user?.headImgUrl || undefined} className="sd-avatar-uploader__image" alt={t('profile.avatarAlt', { name })}>
        {initialOf(name)}
      </Avatar>
      <div className="sd-avatar-uploader__side">
        <div className="sd-avatar-uploader__buttons">
          <Upload
            accept={accept}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => (checkFile(file) ? true : Upload.LIST_IGNORE)}
            customRequest={({ file, onSuccess, onError }) => {
              upload.mutate(file as File, {
                onSuccess: (result) => {
                  onSuccess?.(result);
                  void message.success(t('texts:operationSuccess'));
                },
                onError: (error) => onError?.(error),
              });
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {hasAvatar ? t('profile.changeAvatar') : t('profile.uploadAvatar')}
            </Button>
          </Upload>
          {hasAvatar && (
            <Popconfirm
              title={t('profile.removeAvatarConfirm')}
              okText={t('profile.removeAvatar')}
              okButtonProps={{ danger: true }}
              // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
              onConfirm={() =>
                remove.mutateAsync().then(
                  () => void message.success(t('texts:deleteSuccess')),
                  () => undefined,
                )
              }
            >
              <Button icon={<DeleteOutlined />} loading={remove.isPending}>
                {t('profile.removeAvatar')}
              </Button>
            </Popconfirm>
          )}
        </div>
        <p className="sd-muted sd-avatar-uploader__hint">{t('profile.avatarHint')}</p>
        {problem && <Alert type="error" showIcon title={problem} className="sd-avatar-uploader__problem" role="alert" />}
      </div>
    </div>
  );
}
