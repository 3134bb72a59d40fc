import { Form, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths';
import { withGroup } from '@/lib/tenancy/group-selection';
import { useHtmlPageNames } from '../../api/list-html-page-names';
import { useLine } from '../setting/line-context';
import { pickSpec } from '../setting/line-form';
import { ReadFields } from '../setting/read-view';
import { SettingTab, type EditContext } from '../setting/setting-tab';

const spec = pickSpec(['errorHtmlPageName']);

/** Which HTML page the line shows on errors, and a way to choose another. */
export function HtmlTab() {
  const { t } = useTranslation('serviceLines');
  const { line } = useLine();
  const manage = (
    <Link to={withGroup(PATHS.htmlPages, line.groupName)} data-testid="html-pages-link">
      {t('html.manage')}
    </Link>
  );
  const read = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('html.inUse')}</Typography.Text>
      <ReadFields items={[{ field: 'errorHtmlPageName', value: line.errorHtmlPageName }]} />
      {manage}
    </Space>
  );
  return (
    <SettingTab tab="html" read={read} spec={spec} fields={(context) => <HtmlFields {...context} manage={manage} />} />
  );
}

function HtmlFields({ rules, base, manage }: EditContext & { manage: ReactNode }) {
  const { t } = useTranslation('serviceLines');
  const pages = useHtmlPageNames(base.groupName);
  const options = [...new Set([...(pages.data ?? []), base.errorHtmlPageName])].map((name) => ({
    value: name,
    label: name,
  }));
  return (
    <Form.Item
      name="errorHtmlPageName"
      label={t('fields.errorHtmlPageName')}
      extra={manage}
      rules={rules('errorHtmlPageName')}
    >
      <Select
        showSearch
        options={options}
        loading={pages.isFetching}
        aria-label={t('fields.errorHtmlPageName')}
        data-testid="field-errorHtmlPageName"
      />
    </Form.Item>
  );
}
