import { Fragment, type ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import type { ConfirmDeleteOptions } from '@/shared/hooks/useListActions';

interface ActionBase {
  /** Shown on hover (a reason the action is off, what it does); none when undefined. */
  tooltip?: ReactNode;
  disabled?: boolean;
}

/** A link button of the actions column. */
export interface RowAction extends ActionBase {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** The button's accessible name when the label alone does not say which row (`Run pump 1`). */
  ariaLabel?: string;
  onClick?: () => void;
  danger?: boolean;
  loading?: boolean;
  /** Asks in a popover first; `onConfirm` runs on OK, whose button spins until its promise settles. */
  popconfirm?: { title: ReactNode; description?: ReactNode; okText: string; onConfirm: () => Promise<unknown> };
}

/** Edit the row: the shared "Edit" with its icon, named after the row for screen readers. */
export interface EditAction extends ActionBase {
  kind: 'edit';
  name: string;
  /** The accessible name when "Edit {name}" does not say enough ("Edit document template …"). */
  ariaLabel?: string;
  onClick: () => void;
}

/** Delete the row after a clear question (a dialog; the OK button is danger and says delete). */
export interface DeleteAction extends ActionBase {
  kind: 'delete';
  name: string;
  /** The accessible name when "Delete {name}" does not say enough. */
  ariaLabel?: string;
  /** The icon alone (a narrow cell); its accessible name still says what it deletes. */
  iconOnly?: boolean;
  confirm: Omit<ConfirmDeleteOptions, 'okText'> & {
    okText?: string;
    /** Said once deleted; by default the shared "deleted". */
    done?: string;
  };
}

/** `false`, `null`, `undefined` or `''` leave an action out (`canEdit && {...}`). */
export type RowActionSpec = RowAction | EditAction | DeleteAction | false | null | undefined | '';

interface RowActionsProps {
  actions: readonly RowActionSpec[];
  /** Narrow columns: no gap between the buttons, which wrap onto a second line. */
  wrap?: boolean;
}

/** The buttons of one row's actions cell (actionsColumn); `—` when none applies to the row. */
export function RowActions({ actions, wrap }: RowActionsProps) {
  const { t } = useTranslation(['common', 'texts']);
  const confirmAction = useConfirmAction();

  const resolve = (action: RowAction | EditAction | DeleteAction): RowAction => {
    if (!('kind' in action)) {
      return action;
    }
    const named = { tooltip: action.tooltip, disabled: action.disabled };
    if (action.kind === 'edit') {
      return { ...named, key: 'edit', label: t('list.edit'), icon: <EditOutlined />, ariaLabel: action.ariaLabel ?? t('list.editNamed', { name: action.name }), onClick: action.onClick };
    }
    const { confirm } = action;
    return {
      ...named,
      key: 'delete',
      label: action.iconOnly ? null : t('list.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      ariaLabel: action.ariaLabel ?? t('list.deleteNamed', { name: action.name }),
      onClick: () =>
        confirmAction({ title: confirm.title, content: confirm.content, okText: confirm.okText ?? t('list.delete'), run: confirm.onDelete, done: confirm.done ?? t('texts:deleteSuccess') }),
    };
  };

  if (!actions.some(Boolean)) {
    return <span className="sd-muted">—</span>;
  }
  return (
    <Space size={wrap ? 0 : 4} wrap={wrap}>
      {actions.map((spec) => {
        if (!spec) {
          return null;
        }
        const action = resolve(spec);
        const { popconfirm } = action;
        const button = (
          <Button
            type="link"
            size="small"
            danger={action.danger}
            icon={action.icon}
            loading={action.loading}
            disabled={action.disabled}
            onClick={popconfirm ? undefined : action.onClick}
            aria-label={action.ariaLabel}
          >
            {action.label}
          </Button>
        );
        const asked = popconfirm ? (
          <Popconfirm
            title={popconfirm.title}
            description={popconfirm.description}
            okText={popconfirm.okText}
            okButtonProps={{ danger: true }}
            disabled={action.disabled}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Popconfirm keeps its OK button loading until the returned promise settles (antd ActionButton)
            onConfirm={popconfirm.onConfirm}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        );
        return action.tooltip === undefined ? (
          <Fragment key={action.key}>{asked}</Fragment>
        ) : (
          <Tooltip key={action.key} title={action.tooltip}>
            {asked}
          </Tooltip>
        );
      })}
    </Space>
  );
}
