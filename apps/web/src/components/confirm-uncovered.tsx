import { App, Typography, type ButtonProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';

/**
 * The answer to CERT_NOT_COVERING (a certificate replaced, or chosen for a line, that does not
 * name every domain of the lines using it): a dialog listing the uncovered domains per line.
 * Resolves true on OK, when the caller sends the same request again with `confirmUncovered`;
 * undefined for any other error, which the caller shows as usual.
 */
export function useConfirmUncovered(): (error: unknown) => Promise<boolean> | undefined {
  const { modal } = App.useApp();
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || error.code !== 'CERT_NOT_COVERING') return undefined;
      const lines = error.details?.uncovered ?? [];
      return new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('certCoverage.title'),
          width: 560,
          content: (
            <div data-testid="uncovered-confirm">
              <Typography.Paragraph>{t('certCoverage.intro')}</Typography.Paragraph>
              <ul>
                {lines.map((line) => (
                  <li key={line.appProfileName} data-testid={`uncovered-line-${line.appProfileName}`}>
                    {t('certCoverage.line', { line: line.appProfileName, domains: line.domains.join(', ') })}
                  </li>
                ))}
              </ul>
              <Typography.Paragraph>{t('certCoverage.question')}</Typography.Paragraph>
            </div>
          ),
          okText: t('certCoverage.ok'),
          cancelText: t('actions.cancel'),
          okButtonProps: { 'data-testid': 'uncovered-confirm-ok' } as ButtonProps,
          cancelButtonProps: { 'data-testid': 'uncovered-confirm-cancel' } as ButtonProps,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
    },
    [modal, t],
  );
}
