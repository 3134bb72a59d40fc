import { createCertSchema, replaceCertSchema, type Cert } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmProceed } from '@/components/confirm-action';
import { useConfirmUncovered } from '@/components/confirm-uncovered';
import { FormModal } from '@/components/form-modal';
import { isApiError } from '@/lib/api-client';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useCreateCert } from '../api/create-cert';
import { useReplaceCert } from '../api/replace-cert';
import { PemField } from './pem-field';
import { ConflictAlert } from '@/components/conflict-alert';

interface Values {
  keypairname?: string;
  pem: string;
  key: string;
  pemFileName?: string;
  keyFileName?: string;
}

const fileNames = ({ pemFileName, keyFileName }: Values) => ({
  ...(pemFileName ? { pemFileName } : {}),
  ...(keyFileName ? { keyFileName } : {}),
});

interface CertFormModalProps {
  groupName: string;
  /** Absent: upload a new certificate; present: replace its PEM and key (with its version). */
  cert?: Cert;
  open: boolean;
  onClose: () => void;
}

/** "Upload certificate" and the replace form: the PEM and the key, each from a file or pasted. */
export function CertFormModal({ groupName, cert, open, onClose }: CertFormModalProps) {
  const { t } = useTranslation(['certs', 'common', 'errors']);
  const [form] = Form.useForm<Values>();
  const createRules = useFormRules(createCertSchema);
  const replaceRules = useFormRules(replaceCertSchema);
  const rules = cert ? replaceRules : createRules;
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const create = useCreateCert();
  const replace = useReplaceCert();
  const confirmUncovered = useConfirmUncovered();
  const confirmProceed = useConfirmProceed();
  const conflict = cert !== undefined && isApiError(replace.error) && replace.error.code === 'VERSION_CONFLICT';

  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'VERSION_CONFLICT' && cert) return;
    if (!showErrors(error, { ALREADY_EXISTS: 'keypairname' })) toast.apiError(error, cert ? 'update' : 'create');
  };
  const done = (text: string, testId: string) => () => {
    toast.success(text, testId);
    onClose();
  };

  const submit = (values: Values) => {
    const body = { pem: values.pem.trim(), key: values.key.trim(), ...fileNames(values) };
    if (cert) {
      const input = { id: cert.id, version: cert.version, ...body };
      const onReplaced = done(t('common:messages.updated'), 'cert-updated');
      // A replacement reaches every line that uses the certificate at once: asked first (spec §6).
      confirmProceed(() =>
        replace.mutate(input, {
          onSuccess: onReplaced,
          // A certificate that leaves domains of its lines uncovered is sent again only once confirmed;
          // Cancel leaves the form as it is.
          onError: (error) => {
            const asked = confirmUncovered(error);
            if (!asked) return onError(error);
            void asked.then(
              (ok) => ok && replace.mutate({ ...input, confirmUncovered: true }, { onSuccess: onReplaced, onError }),
            );
          },
        }),
      );
    } else
      create.mutate(
        { groupName, keypairname: (values.keypairname ?? '').trim(), ...body },
        { onSuccess: done(t('common:messages.uploaded'), 'cert-uploaded'), onError },
      );
  };

  return (
    <FormModal
      open={open}
      title={cert ? t('certs:replaceTitle', { name: cert.keypairname }) : t('certs:uploadTitle')}
      onClose={onClose}
      form={form}
      okText={cert ? t('common:actions.save') : t('certs:upload')}
      okTestId="cert-submit"
      loading={create.isPending || replace.isPending}
      width={640}
    >
      <ConflictAlert show={conflict} testId="cert-conflict" />
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ groupName }}>
        {cert ? null : (
          <Form.Item
            name="keypairname"
            label={t('certs:fields.keypairname')}
            rules={[...createRules.field('keypairname')]}
          >
            <Input autoFocus autoComplete="off" data-testid="cert-name" />
          </Form.Item>
        )}
        <Form.Item name="groupName" hidden>
          <Input />
        </Form.Item>
        <PemField
          name="pem"
          label={t('certs:fields.pem')}
          placeholder={t('certs:pemPlaceholder')}
          rules={rules.field('pem')}
          fileTestId="cert-pem-file"
          textTestId="cert-pem-text"
        />
        <PemField
          name="key"
          label={t('certs:fields.key')}
          placeholder={t('certs:keyPlaceholder')}
          rules={rules.field('key')}
          fileTestId="cert-key-file"
          textTestId="cert-key-text"
        />
      </Form>
    </FormModal>
  );
}
