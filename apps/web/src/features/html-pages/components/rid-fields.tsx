import { RID_COLORS, RID_POSITIONS } from '@parapet/shared';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where the request-id block is drawn on the page and in which colour (GLOSSARY §6). */
export function RidFields() {
  const { t } = useTranslation('htmlPages');
  return (
    <>
      <Form.Item name="ridPosition" label={t('fields.ridPosition')}>
        <Radio.Group
          aria-label={t('fields.ridPosition')}
          data-testid="html-page-rid-position"
          options={RID_POSITIONS.map((p) => ({ value: p, label: t(`ridPosition.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="ridColor" label={t('fields.ridColor')}>
        <Radio.Group
          aria-label={t('fields.ridColor')}
          data-testid="html-page-rid-color"
          options={RID_COLORS.map((c) => ({ value: c, label: t(`ridColor.${c}`) }))}
        />
      </Form.Item>
    </>
  );
}
