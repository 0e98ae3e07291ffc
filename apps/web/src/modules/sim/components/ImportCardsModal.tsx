import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { simLimits, type Locale } from '@smartdata/domain';
import { saveBlob } from '@/shared/api/download';
import { FileImportModal } from '@/shared/components/FileImportModal';
import { useLocale } from '@/shared/i18n/useLocale';
import { importCards, useImportCardsMutation } from '../api/importCards';
import { importTemplateCsv } from '../lib/importTemplate';

/** Saves the CSV template in the user's language. */
function saveTemplate(locale: Locale, fileName: string): void {
  saveBlob(new Blob([importTemplateCsv(locale)], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * Imports cards from an XLSX or CSV file (卡号, ICCID, 运营商, optional plan columns): the server
 * checks every row first (dry run); a file with problems shows the per-row report and nothing is
 * written; a clean file is imported in one go (all rows or none). A CSV template in the user's
 * language is offered under the drop area.
 */
export function ImportCardsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sim');
  const locale = useLocale();
  const importMutation = useImportCardsMutation();
  return (
    <FileImportModal
      ns="sim"
      title={t('import.title')}
      accept=".xlsx,.csv"
      maxRows={simLimits.importRowsMax}
      maxContentLength={simLimits.importContentLength}
      send={(request) => (request.dryRun ? importCards(request) : importMutation.mutateAsync(request))}
      extra={
        <div className="sd-sim-import__template">
          <Button type="link" icon={<DownloadOutlined />} onClick={() => saveTemplate(locale, t('import.templateName'))}>
            {t('import.template')}
          </Button>
        </div>
      }
      classPrefix="sd-sim-import"
      onClose={onClose}
    />
  );
}
