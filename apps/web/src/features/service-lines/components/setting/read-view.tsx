import { Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type messages from '@/locales/en-US/serviceLines.json';
import { textLines } from './line-form';

/** A field's label key under `fields.`; the tabs name their fields by these. */
export type FieldKey = keyof typeof messages.fields;

export interface ReadItem {
  field: FieldKey;
  value: ReactNode;
}

/** A tab's settings in read mode: label and value, two columns on wide screens. */
export function ReadFields({ items }: { items: ReadItem[] }) {
  const { t } = useTranslation('serviceLines');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={items.map(({ field, value }) => ({
        key: field,
        label: t(`fields.${field}`),
        children: <span data-testid={`value-${field}`}>{value}</span>,
      }))}
    />
  );
}

/** A switch's value. */
export function OnOff({ value }: { value: boolean }) {
  const { t } = useTranslation('serviceLines');
  return <Tag color={value ? 'green' : undefined}>{t(value ? 'values.on' : 'values.off')}</Tag>;
}

/** A list as tags; nothing reads "-". */
export function TagList({ values }: { values: readonly (string | number)[] }) {
  const { t } = useTranslation('serviceLines');
  if (!values.length) return <Typography.Text type="secondary">{t('values.none')}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {values.map((value) => (
        <Tag key={String(value)}>{value}</Tag>
      ))}
    </Space>
  );
}

/** Multi-line list text (one pattern per line) as a tag per line (GLOSSARY §0). */
export function LinesView({ text }: { text: string }) {
  return <TagList values={textLines(text)} />;
}

/** Text, or "-" when empty. */
export function TextOrDash({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('serviceLines');
  return value ? <>{value}</> : <Typography.Text type="secondary">{t('values.none')}</Typography.Text>;
}
