import { Input, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { inventoryLimits } from '@smartdata/domain';
import { parseSerials, serialScanProblem } from '../lib/serials';
import '../inventory.css';

interface SerialScanFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** How many units the document still takes (a production order's remaining quantity). */
  left?: number;
  autoFocus?: boolean;
}

/**
 * Serial scanning: a box a scanner types into or a list is pasted into (one a line, or separated
 * by spaces or commas). Below it, live: how many distinct serials it holds (against what is left),
 * repeats dropped, and the entries that are no serial.
 */
export function SerialScanField({ id, value, onChange, left, autoFocus }: SerialScanFieldProps) {
  const { t } = useTranslation('inventory');
  const scan = parseSerials(value);
  return (
    <div className="sd-serial-scan">
      <Input.TextArea
        id={id}
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => onChange?.(event.target.value)}
        autoSize={{ minRows: 4, maxRows: 10 }}
        placeholder={t('serials.placeholder')}
        spellCheck={false}
        className="sd-mono"
      />
      <div className="sd-serial-scan__summary" data-testid="serial-count" aria-live="polite">
        <Typography.Text type={left !== undefined && scan.valid.length > left ? 'danger' : undefined}>
          {left === undefined ? t('serials.count', { count: scan.valid.length }) : t('serials.countOfLeft', { count: scan.valid.length, left })}
        </Typography.Text>
        {scan.repeated > 0 && <Typography.Text type="secondary">{t('serials.repeated', { count: scan.repeated })}</Typography.Text>}
      </div>
      {scan.invalid.length > 0 && (
        <div className="sd-serial-scan__invalid" data-testid="serial-invalid">
          <Typography.Text type="danger">{t('serials.invalidList', { count: scan.invalid.length })}</Typography.Text>{' '}
          {scan.invalid.slice(0, 20).map((entry) => (
            <code key={entry}>{entry}</code>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The form rule of a serial box: entries the domain's `serialSchema` refuses, none at all (when
 * required), more than the document takes, or more than one document holds.
 */
export function serialScanRule(t: TFunction, { left, required = true }: { left?: number; required?: boolean } = {}) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const scan = parseSerials(typeof value === 'string' ? value : '');
      const problem = serialScanProblem(scan, { left: left ?? inventoryLimits.serialsMax, required });
      if (problem) {
        throw new Error(t(problem.key, { ns: 'inventory', ...problem.values }));
      }
    },
  };
}

/** The serials of a valid scan, as the request sends them. */
export const scannedSerials = (value: string | undefined): string[] => parseSerials(value).valid;
