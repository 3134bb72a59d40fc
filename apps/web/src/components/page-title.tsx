import { Button, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shows "<title> · Parapet" in the browser tab and history. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
}

interface PageTitleProps {
  /** Already translated. */
  children: string;
  extra?: ReactNode;
  /** A primary button beside the title (the screen's main action, e.g. "Create"), after `extra`. */
  action?: { label: string; onClick: () => void; testId: string };
}

/** The page's h1 (one per screen, for screen readers and tests), with room for actions. */
export function PageTitle({ children, extra, action }: PageTitleProps) {
  useDocumentTitle(children);
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }} data-testid="page-title">
        {children}
      </Typography.Title>
      {extra}
      {action ? (
        <Button type="primary" onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
