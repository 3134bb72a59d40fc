import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './document-title';
import { LanguageSwitcher } from './language-switcher';
import './basic/basic.css';

interface PublicPageProps {
  /** The page's h1 and the browser tab's title; already translated. */
  title: string;
  children: ReactNode;
  testId?: string;
}

/**
 * Frame of the pages seen without a session: brand, language switcher, a centred card with the
 * page's title. Plain HTML and CSS, no Ant Design: the sign-in page is one of them and must load
 * fast (docs/speed.md); a page that needs Ant Design brings it inside the card.
 */
export function PublicPage({ title, children, testId }: PublicPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="pp-root pp-public" data-testid={testId}>
      <header className="pp-public-top">
        <span className="pp-brand">{t('appName')}</span>
        <LanguageSwitcher />
      </header>
      <main className="pp-public-main">
        <div className="pp-card">
          <h1 className="pp-title" data-testid="page-title">
            {title}
          </h1>
          {children}
        </div>
      </main>
    </div>
  );
}
