import { EyeOutlined } from '@ant-design/icons';
import {
  createHtmlPageSchema,
  RID_COLOR_DEFAULT,
  RID_POSITION_DEFAULT,
  updateHtmlPageSchema,
  type HtmlPage,
  type RidColor,
  type RidPosition,
} from '@parapet/shared';
import { Button, Form, Input } from 'antd';
import { useConfirmProceed } from '@/components/confirm-action';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { isApiError, type ApiErrorCode } from '@/lib/api-client';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { failedOnOurSide, useToast } from '@/lib/toast';
import { useCreateHtmlPage } from '../api/create-html-page';
import { usePreviewHtmlDraft } from '../api/preview-html-page';
import { useUpdateHtmlPage } from '../api/update-html-page';
import { HtmlContentField } from './html-content-field';
import { HtmlPreviewModal } from './html-preview-modal';
import { RidFields } from './rid-fields';
import { useHtmlBlobUrl } from './use-blob-url';
import { ConflictAlert } from '@/components/conflict-alert';

interface Values {
  groupName: string;
  htmlPageName?: string;
  content: string;
  fileName?: string | null;
  ridPosition: RidPosition;
  ridColor: RidColor;
}

/** Failures whose own message says more than "Create Failed" / "Update Failed". */
const TOLD_BY_CODE = new Set<ApiErrorCode>([
  'QUOTA_EXCEEDED',
  'HTML_PAGE_DEPLOYING',
  'VALIDATION_FAILED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
]);

interface HtmlPageFormModalProps {
  groupName: string;
  /** Absent: create a page; present: edit its source and request-id block (over its version). */
  page?: HtmlPage;
  open: boolean;
  onClose: () => void;
}

/** Create and edit: the name (create only), the source from a file or typed, the RID block, a draft preview. */
export function HtmlPageFormModal({ groupName, page, open, onClose }: HtmlPageFormModalProps) {
  const { t } = useTranslation(['htmlPages', 'common', 'errors']);
  const [form] = Form.useForm<Values>();
  const createRules = useFormRules(createHtmlPageSchema);
  const updateRules = useFormRules(updateHtmlPageSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const confirmProceed = useConfirmProceed();
  const create = useCreateHtmlPage();
  const update = useUpdateHtmlPage();
  const preview = usePreviewHtmlDraft();
  const draft = useHtmlBlobUrl();
  const conflict = page !== undefined && isApiError(update.error) && update.error.code === 'VERSION_CONFLICT';

  const formError = () => toast.error(t('errors:VALIDATION_FAILED'), 'html-page-form-error');
  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'VERSION_CONFLICT' && page) return;
    if (showErrors(error, { ALREADY_EXISTS: 'htmlPageName' })) return formError();
    if (isApiError(error) && TOLD_BY_CODE.has(error.code)) return toast.apiError(error);
    // A server or network failure says "Failed to create. Please try again" (spec §8).
    if (!page && failedOnOurSide(error)) return toast.apiError(error, 'create');
    toast.error(
      page ? t('common:messages.updateFailed') : t('htmlPages:messages.createFailed'),
      page ? 'html-page-update-failed' : 'html-page-create-failed',
    );
  };
  const close = () => {
    draft.clear();
    onClose();
  };
  const done = (text: string, testId: string) => () => {
    toast.success(text, testId);
    close();
  };

  const save = (values: Values) => {
    const body = {
      content: values.content,
      fileName: values.fileName || null,
      ridPosition: values.ridPosition,
      ridColor: values.ridColor,
    };
    if (page)
      update.mutate(
        { id: page.id, version: page.version, ...body },
        { onSuccess: done(t('common:messages.updated'), 'html-page-updated'), onError },
      );
    else
      create.mutate(
        { groupName, htmlPageName: (values.htmlPageName ?? '').trim(), ...body },
        { onSuccess: done(t('common:messages.created'), 'html-page-created'), onError },
      );
  };
  // An edit changes what visitors see at once: "Are you sure want to proceed?" first (spec §6).
  const submit = (values: Values) => {
    if (!page) return save(values);
    confirmProceed(() => save(values));
  };

  const showPreview = async () => {
    const ok = await form.validateFields(['content']).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const { content, ridPosition, ridColor } = form.getFieldsValue(true) as Values;
    preview.mutate(
      { content, ridPosition, ridColor },
      { onSuccess: draft.show, onError: (e) => void (showErrors(e) || toast.apiError(e)) },
    );
  };

  const initialValues: Values = page
    ? {
        groupName,
        content: page.content,
        fileName: page.fileName,
        ridPosition: page.ridPosition,
        ridColor: page.ridColor,
      }
    : { groupName, content: '', fileName: null, ridPosition: RID_POSITION_DEFAULT, ridColor: RID_COLOR_DEFAULT };

  return (
    <FormModal
      open={open}
      title={page ? t('htmlPages:editTitle', { name: page.htmlPageName }) : t('htmlPages:createTitle')}
      onClose={close}
      form={form}
      okText={page ? t('common:actions.save') : t('htmlPages:actions.create')}
      okTestId="html-page-submit"
      loading={create.isPending || update.isPending}
      width={760}
    >
      <ConflictAlert show={conflict} testId="html-page-conflict" />
      <Form<Values>
        form={form}
        name="html-page"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onFinishFailed={formError}
        initialValues={initialValues}
      >
        {page ? null : (
          <Form.Item name="htmlPageName" label={t('htmlPages:fields.name')} rules={createRules.field('htmlPageName')}>
            <Input autoFocus autoComplete="off" data-testid="html-page-name" />
          </Form.Item>
        )}
        <Form.Item name="groupName" hidden>
          <Input />
        </Form.Item>
        <HtmlContentField rules={page ? updateRules : createRules} />
        <RidFields />
        <Button
          icon={<EyeOutlined />}
          onClick={() => void showPreview()}
          loading={preview.isPending}
          data-testid="html-page-preview-draft"
        >
          {t('htmlPages:actions.preview')}
        </Button>
      </Form>
      <HtmlPreviewModal src={draft.url} title={t('htmlPages:preview.draftTitle')} onClose={draft.clear} />
    </FormModal>
  );
}
