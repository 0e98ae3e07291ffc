import { useTranslation } from 'react-i18next';
import { dataItemLimits, recordFileFormats } from '@smartdata/domain';
import { FileImportModal } from '@/shared/components/FileImportModal';
import { useImportRecordsMutation } from '../api/importRecords';

/** The file input's accept list: the formats records are exported to and imported from. */
const recordFileAccept = recordFileFormats.map((format) => `.${format}`).join(',');

interface ImportModalProps {
  itemId: number;
  itemName: string;
  onClose: () => void;
}

/**
 * Imports a CSV or XLSX file of records: the server first checks every row (dry run); a file with
 * problems shows the per-row report and nothing is written; a clean file is then imported in one
 * go (all rows or none).
 */
export function ImportModal({ itemId, itemName, onClose }: ImportModalProps) {
  const { t } = useTranslation('data-items');
  const importRecords = useImportRecordsMutation();
  return (
    <FileImportModal
      ns="data-items"
      title={t('import.title', { name: itemName })}
      accept={recordFileAccept}
      maxRows={dataItemLimits.importRowsMax}
      maxContentLength={dataItemLimits.importContentLength}
      send={(request) => importRecords.mutateAsync({ itemId, ...request })}
      classPrefix="sd-import"
      onClose={onClose}
    />
  );
}
