import type { ReactNode } from 'react';
import { Space } from 'antd';
import './page.css';

interface PageHeaderProps {
  title: ReactNode;
  /** After the title: the record's state (a detail page's order, contract, certificate). */
  tag?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The heading of a console page: title, one line on what it is for, and its main actions. */
export function PageHeader({ title, tag, description, actions }: PageHeaderProps) {
  return (
    <header className="sd-page__header">
      <div className="sd-page__heading">
        <h1 className="sd-page__title">
          {tag ? (
            <Space size="middle" wrap>
              {title}
              {tag}
            </Space>
          ) : (
            title
          )}
        </h1>
        {description && <div className="sd-page__description">{description}</div>}
      </div>
      {actions && <div className="sd-page__actions">{actions}</div>}
    </header>
  );
}
