import type { ReactNode } from 'react';
import { Button, Form, Tooltip, type FormInstance } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './list.css';

interface FilterFormProps<V> {
  form: FormInstance<V>;
  /** The fields' values when the search button is pressed (or Enter in a field). */
  onSearch: (values: V) => void;
  /** After the fields are cleared: show the list unfiltered. Without it there is no reset button. */
  onReset?: () => void;
  /** The list's request, fetched again by the refresh button. */
  refresh: { isPending: boolean; isFetching: boolean; refetch: () => unknown };
  /** The refresh button is off (nothing to fetch yet). */
  refreshDisabled?: boolean;
  /** The search button's text; by default the shared "Search". */
  searchText?: string;
  className?: string;
  initialValues?: Partial<V>;
  /** The filter fields (Form.Item). */
  children: ReactNode;
}

/**
 * The filter row of a list searched by several fields (ListCard `filters`): the fields, then
 * search, reset and refresh.
 */
export function FilterForm<V extends object>({ form, onSearch, onReset, refresh, refreshDisabled, searchText, className, initialValues, children }: FilterFormProps<V>) {
  const { t } = useTranslation('common');
  return (
    <Form<V> form={form} layout="inline" className={className ? `sd-list-filters ${className}` : 'sd-list-filters'} onFinish={onSearch} initialValues={initialValues}>
      {children}
      <Form.Item>
        <span className="sd-list-filters__buttons">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {searchText ?? t('list.search')}
          </Button>
          {onReset && (
            <Button
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              {t('list.reset')}
            </Button>
          )}
          <Tooltip title={t('list.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('list.refresh')}
              disabled={refreshDisabled}
              loading={refresh.isFetching && !refresh.isPending}
              onClick={() => void refresh.refetch()}
            />
          </Tooltip>
        </span>
      </Form.Item>
    </Form>
  );
}
