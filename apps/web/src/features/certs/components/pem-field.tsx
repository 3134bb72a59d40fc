import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography, Upload, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

interface PemFieldProps {
  /** `pem` or `key`: the form field holding the text; `<name>FileName` holds the file's name. */
  name: 'pem' | 'key';
  label: string;
  placeholder: string;
  rules: FormRule[];
  /** Test ids of the file input and the text area. */
  fileTestId: string;
  textTestId: string;
}

/**
 * PEM text from a file (read in the browser: no upload request) or pasted. Choosing a file
 * fills the text area, so what is sent is always what is shown; editing the text by hand
 * forgets the file name.
 */
export function PemField({ name, label, placeholder, rules, fileTestId, textTestId }: PemFieldProps) {
  const { t } = useTranslation('certs');
  const form = Form.useFormInstance();
  const fileNameField = `${name}FileName`;
  const fileName = Form.useWatch(fileNameField, form) as string | undefined;

  const read = async (file: File) => {
    const text = await file.text();
    form.setFieldsValue({ [name]: text, [fileNameField]: file.name });
    await form.validateFields([name]).catch(() => undefined);
  };

  return (
    <>
      <Form.Item label={label} required>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Upload
              accept=".pem,.crt,.cer,.key,.txt"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void read(file);
                return Upload.LIST_IGNORE;
              }}
              {...({ 'data-testid': fileTestId } as object)}
            >
              <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
            </Upload>
            <Typography.Text type="secondary">
              {fileName ? t('fromFile', { name: fileName }) : t('orPaste')}
            </Typography.Text>
          </Space>
          <Form.Item name={name} rules={rules} noStyle={false} style={{ marginBottom: 0 }}>
            <Input.TextArea
              rows={5}
              placeholder={placeholder}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
              data-testid={textTestId}
              onChange={() => form.setFieldValue(fileNameField, undefined)}
            />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name={fileNameField} hidden>
        <Input />
      </Form.Item>
    </>
  );
}
