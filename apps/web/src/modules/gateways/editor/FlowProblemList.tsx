import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { flowMessage, flowMessages, type FlowDocument, type FlowProblem } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';

/** Text of a problem: the domain's message, or the editor's own for its few extra refusals. */
export function useProblemText() {
  const { t } = useTranslation('gateways');
  const locale = useLocale();
  return useCallback((problem: FlowProblem) => (problem.key in flowMessages ? flowMessage(problem, locale) : t(`problems.${problem.key}`)), [locale, t]);
}

/** Every reason of a full check, each with the node or link it belongs to (click selects it). */
export function FlowProblemList({ doc, problems, onPick }: { doc: FlowDocument; problems: readonly FlowProblem[]; onPick?: (nodeId: string) => void }) {
  const { t } = useTranslation('gateways');
  const text = useProblemText();
  return (
    <ol className="sd-flow-problems" aria-label={t('check.list')}>
      {problems.map((p, index) => {
        const node = p.nodeId ? doc.nodes.find((n) => n.id === p.nodeId) : undefined;
        return (
          <li key={index}>
            {node && (
              <button type="button" className="sd-flow-problems__where" onClick={() => onPick?.(node.id)} disabled={!onPick}>
                {node.kind === 'start' ? t('kinds.start') : node.name}
              </button>
            )}
            {p.linkId && <span className="sd-flow-problems__where">{t('check.link', { id: p.linkId })}</span>}
            {text(p)}
          </li>
        );
      })}
    </ol>
  );
}
