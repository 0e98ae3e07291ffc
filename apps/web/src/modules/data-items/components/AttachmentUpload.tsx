import { useState } from 'react';
import { App, Button, Upload, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dataItemLimits, imageContentTypes, imageExtensions } from '@smartdata/domain';
import { uploadObject } from '@/shared/api/objectUpload';
import { pictureProblem } from '../lib/recordValues';

const pictureAccept = [...imageExtensions, ...imageContentTypes].join(',');

interface AttachmentUploadProps {
  /** Pictures (JPG/PNG ≤ 3MB, spec §5) or any file. */
  picture: boolean;
  value?: string[] | null;
  onChange?: (keys: string[]) => void;
  maxCount?: number;
  id?: string;
  'aria-label'?: string;
}

function initialList(keys: readonly string[] | null | undefined, label: (index: number) => string): UploadFile<string>[] {
  return (keys ?? []).map((key, index) => ({ uid: key, name: label(index), status: 'done', response: key }));
}

/**
 * Uploads the pictures or files of a record value through signed URLs (shared objectUpload) and
 * holds their object keys. Pictures are checked first (spec texts 文件格式错误，请上传图片类型 /
 * 图片大小超过 3M), so a refused file is never sent.
 */
export function AttachmentUpload({ picture, value, onChange, maxCount = dataItemLimits.attachmentsMax, id, ...rest }: AttachmentUploadProps) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile<string>[]>(() =>
    initialList(value, (index) => t(picture ? 'attachments.pictureN' : 'attachments.fileN', { n: index + 1 })),
  );

  const emit = (list: UploadFile<string>[]) => {
    setFiles(list);
    onChange?.(list.filter((file) => file.status === 'done' && typeof file.response === 'string').map((file) => file.response as string));
  };

  return (
    <Upload<string>
      id={id}
      aria-label={rest['aria-label']}
      accept={picture ? pictureAccept : undefined}
      listType={picture ? 'picture-card' : 'text'}
      multiple={maxCount > 1}
      maxCount={maxCount}
      fileList={files}
      beforeUpload={(file) => {
        if (picture) {
          const problem = pictureProblem(file);
          if (problem) {
            void message.error(t(`texts:${problem}`));
            return Upload.LIST_IGNORE;
          }
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadObject(file as File, 'item').then(
          (key) => onSuccess?.(key),
          (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
        );
      }}
      onChange={({ fileList }) => emit(fileList.filter((file) => file.status !== 'error'))}
    >
      {files.length >= maxCount ? null : picture ? (
        <button type="button" className="sd-attachments__add">
          <PlusOutlined />
          <span>{t('attachments.addPicture')}</span>
        </button>
      ) : (
        <Button icon={<UploadOutlined />}>{t('attachments.addFile')}</Button>
      )}
    </Upload>
  );
}
