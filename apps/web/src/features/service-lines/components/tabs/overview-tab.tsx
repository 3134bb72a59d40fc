import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '@/components/local-time';
import { useLine } from '../setting/line-context';
import { pickSpec } from '../setting/line-form';
import { ReadFields, TagList, TextOrDash } from '../setting/read-view';
import { SettingTab } from '../setting/setting-tab';
import { LineStatusTag } from '../status-tag';

const spec = pickSpec(['description', 'tags']);

/** The line's identity and audit fields; its description and tags can be edited. */
export function OverviewTab() {
  const { t } = useTranslation('serviceLines');
  const { line } = useLine();
  const read = (
    <ReadFields
      items={[
        { field: 'appProfileName', value: line.appProfileName },
        { field: 'groupName', value: line.groupName },
        { field: 'customerPackage', value: line.customerPackage },
        { field: 'description', value: <TextOrDash value={line.description} /> },
        { field: 'tags', value: <TagList values={line.tags} /> },
        { field: 'createdBy', value: line.createdBy },
        { field: 'createdAt', value: <LocalTime value={line.createdAt} /> },
        { field: 'updatedAt', value: <LocalTime value={line.updatedAt} /> },
        { field: 'status', value: <LineStatusTag status={line.status} testId="overview-status" /> },
        { field: 'domainCount', value: line.servername.length },
        { field: 'cnameto', value: <Typography.Text copyable>{line.cnameto}</Typography.Text> },
      ]}
    />
  );
  return (
    <SettingTab
      tab="overview"
      read={read}
      spec={spec}
      fields={({ rules }) => (
        <>
          <Form.Item name="description" label={t('fields.description')} rules={rules('description')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="field-description" />
          </Form.Item>
          <Form.Item name="tags" label={t('fields.tags')} rules={rules('tags')}>
            <Select
              mode="tags"
              tokenSeparators={[',']}
              open={false}
              suffixIcon={null}
              aria-label={t('fields.tags')}
              data-testid="field-tags"
            />
          </Form.Item>
        </>
      )}
    />
  );
}
