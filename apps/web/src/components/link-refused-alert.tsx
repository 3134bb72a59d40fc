import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventLogLinkPart } from '@/lib/event-log-link';

/**
 * Says which parts of a page's address it could not use (lib/view-link.ts), so a link whose
 * filters were edited by hand, or whose custom range has aged past the picker, does not quietly
 * show something else than it asked for. The dashboard's parts are some of the event log's.
 */
export function LinkRefusedAlert({
  parts,
  onClose,
  testId,
}: {
  parts: readonly EventLogLinkPart[];
  onClose: () => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('events');
  const list = useMemo(() => new Intl.ListFormat(i18n.language, { type: 'conjunction' }), [i18n.language]);
  if (parts.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose, 'aria-label': t('log.dismiss') }}
      style={{ marginBottom: 12 }}
      title={t('log.linkRefused', { parts: list.format(parts.map((part) => t(`log.linkParts.${part}`))) })}
      data-testid={testId}
    />
  );
}
