import { createElement, type ComponentType, type ReactNode } from 'react';
import { Switch, Tag, type TableColumnType as ColumnType } from 'antd';
import { Link } from 'react-router';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { formatDate, formatDateTime } from '@/shared/utils/formatTime';
import { RowActions, type RowActionSpec } from './RowActions';

/**
 * The columns every list table shares (STYLE 19): a page writes `timeColumn(t('columns.createdAt'),
 * 'createdAt')` instead of the same seven lines again. Each builder takes the column's title in the
 * page's own texts and returns a plain antd column, so a page may still add or override anything.
 */

type Field<T> = Extract<keyof T, string>;

interface ColumnOptions {
  /** Pixels; `null` leaves the width to the table. */
  width?: number | null;
  key?: string;
  fixed?: 'left' | 'right';
}

function sized(options: ColumnOptions, width?: number): Pick<ColumnType<never>, 'width' | 'fixed'> {
  return { width: options.width === null ? undefined : (options.width ?? width), ...(options.fixed && { fixed: options.fixed }) };
}

/**
 * An instant (epoch ms) in the company's time zone — `yyyy-MM-dd HH:mm:ss`, or the day alone
 * with `date` — never the browser's; `—` (or `none`) when there is none.
 */
export function timeColumn<T>(title: string, dataIndex: Field<T>, options: ColumnOptions & { date?: boolean; none?: ReactNode } = {}): ColumnType<T> {
  const format = options.date ? formatDate : formatDateTime;
  return {
    title,
    dataIndex,
    key: options.key ?? dataIndex,
    ...sized(options, options.date ? 120 : 170),
    className: 'sd-nowrap',
    render: (value: number | null | undefined) => (value == null && options.none !== undefined ? options.none : format(value)),
  };
}

/** How a state shows: its own tag component, or a label with a colour. */
export type StateTag<S> = ComponentType<{ state: S }> | { label: (state: S) => ReactNode; color?: (state: S) => string | undefined };

/** A state as a tag (order states, run states, a kind): the same column on every list. */
export function stateTagColumn<T, S>(title: string, dataIndex: Field<T>, tag: StateTag<S>, options: ColumnOptions = {}): ColumnType<T> {
  return {
    title,
    dataIndex,
    key: options.key ?? dataIndex,
    ...sized(options),
    render: (state: S) => (typeof tag === 'function' ? createElement(tag, { state }) : <Tag color={tag.color?.(state)}>{tag.label(state)}</Tag>),
  };
}

/** A switch that saves at once (enabled / disabled), named after its row for screen readers. */
export function switchColumn<T>(
  title: string,
  dataIndex: Field<T>,
  toggle: { onChange: (row: T, checked: boolean) => void; label: (row: T) => string },
  options: ColumnOptions = {},
): ColumnType<T> {
  return {
    title,
    dataIndex,
    key: options.key ?? dataIndex,
    ...sized(options, 90),
    className: 'sd-nowrap',
    render: (checked: boolean, row) => <Switch size="small" checked={checked} onChange={(next) => toggle.onChange(row, next)} aria-label={toggle.label(row)} />,
  };
}

function LinkCell({ to, text, phoneLine }: { to: string; text: ReactNode; phoneLine?: ReactNode }) {
  const isPhone = useIsPhone();
  return (
    <>
      <Link to={to}>{text}</Link>
      {isPhone && phoneLine !== undefined && <div>{phoneLine}</div>}
    </>
  );
}

/**
 * The row's name or number as a link to its page; on a phone, where the other columns are left
 * out (ListCard `phoneKeys`), `phoneLine` (its state, say) stands under it.
 */
export function linkColumn<T>(title: string, dataIndex: Field<T>, to: (row: T) => string, options: ColumnOptions & { phoneLine?: (row: T) => ReactNode } = {}): ColumnType<T> {
  return {
    title,
    dataIndex,
    key: options.key ?? dataIndex,
    ...sized(options),
    className: 'sd-nowrap',
    render: (text: ReactNode, row) => <LinkCell to={to(row)} text={text} phoneLine={options.phoneLine?.(row)} />,
  };
}

/**
 * The actions cell: link buttons, the shared edit and delete (delete asks first) or a page's
 * own, each left out with `false`.
 */
export function actionsColumn<T>(title: string, actions: (row: T) => readonly RowActionSpec[], options: ColumnOptions & { wrap?: boolean } = {}): ColumnType<T> {
  return {
    title,
    key: options.key ?? 'actions',
    ...sized(options, 170),
    render: (_value: unknown, row: T) => <RowActions actions={actions(row)} wrap={options.wrap} />,
  };
}
