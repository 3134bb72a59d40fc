import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface HtmlPreviewModalProps {
  /** The server's preview address of a saved page, or a `blob:` address of a rendered draft; absent: closed. */
  src: string | undefined;
  title: string;
  onClose: () => void;
}

/**
 * A customer's page shown the only safe way: in a frame sandboxed to `allow-scripts` alone. The
 * page's scripts run, but with an opaque origin: no console cookies, storage or DOM. Never add
 * allow-same-origin, never use srcdoc, never render the HTML into the console's own DOM.
 */
export function HtmlPreviewModal({ src, title, onClose }: HtmlPreviewModalProps) {
  const { t } = useTranslation('htmlPages');
  return (
    <Modal open={src !== undefined} title={title} footer={null} onCancel={onClose} destroyOnHidden width={960}>
      <Typography.Paragraph type="secondary">{t('preview.hint')}</Typography.Paragraph>
      {src ? (
        <iframe
          src={src}
          title={t('preview.frameTitle')}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          data-testid="html-preview-frame"
          style={{
            width: '100%',
            height: 520,
            border: '1px solid rgba(5, 5, 5, 0.15)',
            borderRadius: 6,
            background: '#fff',
          }}
        />
      ) : null}
    </Modal>
  );
}
