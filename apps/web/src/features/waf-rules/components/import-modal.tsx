import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Space, Switch, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { useImportWafRules } from '../api/import-waf-rules';
import { importProblemLines } from './import-problems';

interface ImportModalProps {
  groupName: string;
  open: boolean;
  onClose: () => void;
}

/** The file as read: its name, and its document or why it could not be read. */
type Picked = { name: string; document: unknown } | { name: string; unreadable: true };

/**
 * Import (issue 12 item 9): a .json file of rules, an "overwrite rules of the same name" switch,
 * and the server's all-or-nothing answer. A refusal lists every problem by rule and line, and
 * says that nothing was imported.
 */
export function ImportModal({ groupName, open, onClose }: ImportModalProps) {
  const { t } = useTranslation(['wafRules', 'errors', 'fieldErrors']);
  const toast = useToast();
  const send = useImportWafRules();
  const [picked, setPicked] = useState<Picked>();
  const [overwrite, setOverwrite] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; problems: string[] }>();
  const [missing, setMissing] = useState(false);

  const close = () => {
    setPicked(undefined);
    setOverwrite(false);
    setRefusal(undefined);
    setMissing(false);
    send.reset();
    onClose();
  };
  const choose = async (file: File) => {
    setRefusal(undefined);
    const text = await file.text();
    try {
      setPicked({ name: file.name, document: JSON.parse(text) as unknown });
    } catch {
      setPicked({ name: file.name, unreadable: true });
    }
  };
  const submit = () => {
    setMissing(!picked);
    if (!picked || 'unreadable' in picked) return;
    send.mutate(
      { groupName, overwrite, file: picked.document },
      {
        onSuccess: (answer) => {
          toast.success(
            t('wafRules:import.done', { created: answer.created, updated: answer.updated }),
            'waf-rules-imported',
          );
          close();
        },
        onError: (error) => {
          if (!isApiError(error) || !['VALIDATION_FAILED', 'WAF_RULE_DEPLOYING'].includes(error.code))
            return toast.apiError(error);
          setRefusal({
            title: error.code === 'WAF_RULE_DEPLOYING' ? t('errors:WAF_RULE_DEPLOYING') : t('wafRules:import.refused'),
            problems: importProblemLines(error.fields ?? {}, picked.document, (key, options) =>
              String(t(key as never, options as never)),
            ),
          });
        },
      },
    );
  };

  const fileError = picked
    ? 'unreadable' in picked && t('wafRules:import.notJson', { name: picked.name })
    : missing && t('wafRules:import.noFile');
  const fileHelp = fileError
    ? { validateStatus: 'error' as const, help: <span data-testid="waf-rules-import-file-error">{fileError}</span> }
    : {};

  return (
    <FormModal
      open={open}
      title={t('wafRules:import.title')}
      onClose={close}
      onOk={submit}
      okText={t('wafRules:import.send')}
      okTestId="waf-rules-import-send"
      loading={send.isPending}
      width={720}
    >
      <Form layout="vertical">
        <Form.Item label={t('wafRules:import.file')} extra={t('wafRules:import.fileHint')} {...fileHelp}>
          <Space wrap>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void choose(file);
                return Upload.LIST_IGNORE;
              }}
              {...({ 'data-testid': 'waf-rules-import-file' } as object)}
            >
              <Button icon={<UploadOutlined />}>{t('wafRules:import.choose')}</Button>
            </Upload>
            <Typography.Text type="secondary" data-testid="waf-rules-import-file-name">
              {picked ? picked.name : t('wafRules:import.none')}
            </Typography.Text>
          </Space>
        </Form.Item>
        <Form.Item label={t('wafRules:import.overwrite')} extra={t('wafRules:import.overwriteHint')}>
          <Switch checked={overwrite} onChange={setOverwrite} data-testid="waf-rules-import-overwrite" />
        </Form.Item>
      </Form>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal.title}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="waf-rules-import-problems">
              {refusal.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
          data-testid="waf-rules-import-refused"
        />
      ) : null}
    </FormModal>
  );
}
