import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuCodesOf, useSessionStore } from '@/shared/session/sessionStore';
import { useContentTemplatesQuery } from '../api/contentTemplates';

interface Props {
  /** The data item the text is about: templates made for another item are left out. */
  itemId?: number | null;
  /** Called with the chosen template's text (its `{{placeholders}}` as written). */
  onPick: (content: string) => void;
  ariaLabel?: string;
}

/**
 * Chooses a content template (内容模板) and hands its text to a message field — the intelligent
 * rules' notify action and the alarm rule dialog use it; the placeholders are filled with the
 * triggering record when the message is sent (docs/templates.md, "Notifications"). Shown to those who may read the templates
 * (sd_capsule); the list loads when the select first opens.
 */
export function ContentTemplatePicker({ itemId, onPick, ariaLabel }: Props) {
  const { t } = useTranslation('templates');
  const allowed = useSessionStore((state) => menuCodesOf(state.user).has('sd_capsule'));
  const [opened, setOpened] = useState(false);
  const query = useContentTemplatesQuery(allowed && opened);
  if (!allowed) {
    return null;
  }
  const list = (query.data?.list ?? []).filter((c) => !itemId || c.itemId === null || c.itemId === itemId);
  return (
    <Select
      size="small"
      value={null}
      style={{ minWidth: 200 }}
      placeholder={t('content.pick')}
      aria-label={ariaLabel ?? t('content.pick')}
      loading={opened && query.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      onOpenChange={(open) => open && setOpened(true)}
      notFoundContent={query.isPending ? null : t('content.empty')}
      onChange={(id: number | null) => {
        const chosen = list.find((c) => c.id === id);
        if (chosen) {
          onPick(chosen.content);
        }
      }}
      options={list.map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}
