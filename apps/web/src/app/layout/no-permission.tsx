import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/document-title';

/** Shown on the landing page when the user may not read it in the selected group (no redirect, no loop). */
export function NoPermission() {
  const { t } = useTranslation();
  useDocumentTitle(t('noPermission.title'));
  return (
    <Result
      status="403"
      title={t('noPermission.title')}
      subTitle={t('noPermission.description')}
      data-testid="no-permission"
    />
  );
}
