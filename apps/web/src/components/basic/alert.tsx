import type { ReactNode } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';
import './basic.css';

const ICONS = { success: SuccessIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon };

interface AlertProps {
  type: keyof typeof ICONS;
  title: ReactNode;
  /** Below the title: more text or an action. */
  description?: ReactNode;
  testId?: string;
}

/**
 * A message box of the pages without Ant Design, drawn like Ant Design's Alert with its icon.
 * Errors and warnings are announced at once (role "alert"), the others politely ("status").
 */
export function Alert({ type, title, description, testId }: AlertProps) {
  const Icon = ICONS[type];
  return (
    <div
      className={`pp-alert pp-alert-${type}`}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon className="pp-alert-icon" />
      <div className="pp-alert-body">
        <div>{title}</div>
        {description ? <div className="pp-alert-description">{description}</div> : null}
      </div>
    </div>
  );
}
