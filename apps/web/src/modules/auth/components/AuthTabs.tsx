import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface AuthTab {
  key: string;
  label: string;
  content: ReactNode;
}

interface AuthTabsProps {
  tabs: AuthTab[];
  activeKey: string;
  onChange: (key: string) => void;
}

/**
 * A light tab list for the sign-in methods (the antd Tabs would bring its overflow menu into the
 * sign-in bundle). Follows the WAI-ARIA tabs pattern: arrows move between tabs.
 */
export function AuthTabs({ tabs, activeKey, onChange }: AuthTabsProps) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) {
      return;
    }
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    onChange(tabs[next].key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="sd-auth-tabs">
      <div className="sd-auth-tabs__list" role="tablist">
        {tabs.map((tab, index) => {
          const active = tab.key === activeKey;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              className={active ? 'sd-auth-tabs__tab sd-auth-tabs__tab--active' : 'sd-auth-tabs__tab'}
              onClick={() => onChange(tab.key)}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={tab.key !== activeKey}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
