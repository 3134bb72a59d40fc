import { UploadOutlined } from '@ant-design/icons';
import { HTML_PAGE_MAX_BYTES, htmlFileNameSchema, type FieldErrorCode } from '@parapet/shared';
import { Button, Form, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldErrors, type FormRules } from '@/lib/form-rules';

/** Why a chosen file is refused before it is read (the shared rules the server applies too), or undefined. */
export function refuseHtmlFile(file: { name: string; size: number }): FieldErrorCode | undefined {
  const nameCode = schemaFieldErrors(htmlFileNameSchema, file.name)[''];
  if (nameCode) return nameCode;
  // Bytes on disk are the UTF-8 bytes the content rule counts; a larger file is not even read.
  return file.size > HTML_PAGE_MAX_BYTES ? 'page_too_large' : undefined;
}

interface HtmlFileInputProps {
  /** From the Form.Item, so its label names the file input (`getByLabel('HTML file')`). */
  id?: string;
  /** The `fileName` field: the file the content was read from. */
  value?: string | null;
  onChoose: (file: File) => void;
}

function HtmlFileInput({ id, value, onChoose }: HtmlFileInputProps) {
  const { t } = useTranslation('htmlPages');
  return (
    <Space wrap>
      <Upload
        id={id}
        accept=".html,.htm"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          onChoose(file);
          return Upload.LIST_IGNORE;
        }}
        {...({ 'data-testid': 'html-page-file' } as object)}
      >
        <Button icon={<UploadOutlined />}>{t('file.choose')}</Button>
      </Upload>
      <Typography.Text type="secondary" data-testid="html-page-file-name">
        {value ? t('file.fromFile', { name: value }) : t('file.none')}
      </Typography.Text>
    </Space>
  );
}

/**
 * The page source, from an .html file read in the browser (no upload request) or typed in place.
 * A file with a space in its name, not .html/.htm or too large is refused before reading; a
 * read file fills the text, so what is sent is what is shown. Typing forgets the file name.
 */
export function HtmlContentField({ rules }: { rules: FormRules }) {
  const { t } = useTranslation(['htmlPages', 'fieldErrors']);
  const form = Form.useFormInstance();
  const [refused, setRefused] = useState<FieldErrorCode>();

  const choose = async (file: File) => {
    const code = refuseHtmlFile(file);
    setRefused(code);
    if (code) return;
    form.setFields([
      { name: 'content', value: await file.text() },
      { name: 'fileName', value: file.name, errors: [] },
    ]);
    await form.validateFields(['content']).catch(() => undefined);
  };

  return (
    <>
      <Form.Item
        name="fileName"
        label={t('htmlPages:fields.file')}
        rules={rules.field('fileName')}
        extra={t('htmlPages:file.hint', { kb: HTML_PAGE_MAX_BYTES / 1024 })}
        {...(refused
          ? {
              validateStatus: 'error' as const,
              help: <span data-testid="html-page-file-error">{t(`fieldErrors:${refused}`)}</span>,
            }
          : {})}
      >
        <HtmlFileInput onChoose={(file) => void choose(file)} />
      </Form.Item>
      <Form.Item name="content" label={t('htmlPages:fields.content')} rules={rules.field('content')}>
        <Input.TextArea
          rows={12}
          spellCheck={false}
          placeholder={t('htmlPages:contentPlaceholder')}
          style={{ fontFamily: 'monospace', fontSize: 13 }}
          data-testid="html-page-content"
          onChange={() => {
            setRefused(undefined);
            form.setFields([{ name: 'fileName', value: null, errors: [] }]);
          }}
        />
      </Form.Item>
    </>
  );
}
