import { useRef, useState } from 'react';
import { App, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { uploadObject } from '@/shared/api/objectUpload';
import { addFile, useFileSettingsQuery } from '../api/files';
import { acceptOf, chosenFileProblem } from './fileUpload';

interface UploadFileButtonProps {
  /** The directory or project the file goes into (null: the top of the cabin). */
  parentId: number | null;
  disabled?: boolean;
  /** After the file node was made: its file id and node id. */
  onUploaded: (file: { id: number; nodeId: number }) => void;
  /** Query keys to refresh afterwards (the cabin tree). */
  refreshKey: readonly unknown[];
}

/**
 * "Upload file" in the cabin: picks a file, checks it against the company's size limit and
 * allowed types, uploads it to object storage and makes a file node of it under `parentId`.
 */
export function UploadFileButton({ parentId, disabled, onUploaded, refreshKey }: UploadFileButtonProps) {
  const { t } = useTranslation(['files', 'texts']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useFileSettingsQuery();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const handleChosen = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    const problem = chosenFileProblem(settings.data, file, t);
    if (problem) {
      void message.error(problem);
      return;
    }
    setBusy(true);
    try {
      const objectKey = await uploadObject(file, 'object');
      const created = await addFile({ parentId, objectKey });
      await queryClient.invalidateQueries({ queryKey: refreshKey });
      void message.success(t('texts:operationSuccess'));
      onUploaded(created);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptOf(settings.data)}
        data-testid="cabin-upload-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void handleChosen(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        {t('actions.upload')}
      </Button>
    </>
  );
}
