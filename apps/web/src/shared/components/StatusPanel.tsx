import type { ReactNode } from 'react';

interface StatusPanelProps {
  title: string;
  description?: string;
  actions?: ReactNode;
}

/** A light full-page message with actions (used where antd's Result would weigh on the entry). */
export function StatusPanel({ title, description, actions }: StatusPanelProps) {
  return (
    <div className="sd-fullscreen-center">
      <div className="sd-status" role="alert">
        <svg className="sd-status__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="#fff7e6" stroke="#fa8c16" strokeWidth="2" />
          <path d="M24 13v14" stroke="#fa8c16" strokeWidth="3.5" strokeLinecap="round" />
          <circle cx="24" cy="34" r="2.3" fill="#fa8c16" />
        </svg>
        <h1 className="sd-status__title">{title}</h1>
        {description && <p className="sd-status__description">{description}</p>}
        {actions && <div className="sd-status__actions">{actions}</div>}
      </div>
    </div>
  );
}
