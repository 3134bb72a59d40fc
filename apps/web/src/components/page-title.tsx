import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './document-title';

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
