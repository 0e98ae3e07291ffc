import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a list says when it has no row to show. */
export interface ListEmptyTexts {
  /** The list has nothing yet ("还没有…"): said only when nothing narrows it. */
  empty: string;
  /** What to do about it, under `empty`. */
  hint?: ReactNode;
  /** A keyword or a filter matches nothing; default: the shared "no matching results". */
  noMatch?: string;
  /** The request failed; default: the shared "the list could not be loaded". */
  loadFailed?: string;
}

interface ListEmptyProps {
  texts: ListEmptyTexts;
  /** Nothing has arrived yet: no text flashes before the first answer. */
  pending: boolean;
  /** The request failed and there are no rows from before. */
  failed: boolean;
  /** A keyword or a filter narrows the list (the one flag that picks "no match" over "nothing yet"). */
  filtered: boolean;
  onRetry?: () => void;
}

/**
 * A list's empty state, one of four: waiting (blank), failed (with a retry), no match (the list
 * is narrowed) or nothing yet (with its hint). The table's `locale.emptyText`.
 */
export function ListEmpty({ texts, pending, failed, filtered, onRetry }: ListEmptyProps) {
  const { t } = useTranslation('common');
  if (pending) {
    return ' ';
  }
  if (failed) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.loadFailed ?? t('list.loadFailed')}>
        {onRetry && <Button onClick={onRetry}>{t('list.retry')}</Button>}
      </Empty>
    );
  }
  if (filtered) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.noMatch ?? t('list.noMatch')} />;
  }
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty}>
      {texts.hint && <p className="sd-page__empty-hint">{texts.hint}</p>}
    </Empty>
  );
}
