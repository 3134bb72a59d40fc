import { ClearOutlined, PlusOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deployFailureText } from '@/lib/deploy-failure';
import { useNavigate } from 'react-router';
import { PATHS } from '@/lib/paths';
import { withGroup } from '@/lib/tenancy/group-selection';
import { PageTitle } from '@/components/page-title';
import { CheckCnameModal } from './check-cname-modal';
import { useLine } from './line-context';
import { PurgeModal } from '../purge-modal';
import { LineStatusTag } from '../status-tag';

/** The line's name, status and CNAME, and the screen's actions (spec §2 Service Setting). */
export function ServiceHeader({ onOverview }: { onOverview: () => void }) {
  const { t } = useTranslation('serviceLines');
  const { line, access } = useLine();
  // Check CNAME reads the line's domains; clearing cache is the cache rules' write (docs/tenancy.md).
  const canCheck = access.read('domains');
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [purging, setPurging] = useState(false);

  const actions = (
    <Space wrap>
      {access.line ? (
        <Button
          icon={<PlusOutlined />}
          onClick={() => void navigate(withGroup(PATHS.serviceLineCreate, line.groupName))}
          data-testid="service-create-another"
        >
          {t('actions.createAnother')}
        </Button>
      ) : null}
      <Button icon={<RollbackOutlined />} onClick={onOverview} data-testid="service-back-overview">
        {t('actions.backToOverview')}
      </Button>
      {/* A disabled button hears no pointer, so the tooltip sits on a wrapper. */}
      <Tooltip title={canCheck ? undefined : t('access.noDomainsRead')}>
        <span style={{ display: 'inline-block' }} data-testid="check-cname-wrap">
          <Button
            icon={<SearchOutlined />}
            disabled={!canCheck}
            style={canCheck ? undefined : { pointerEvents: 'none' }}
            onClick={() => setChecking(true)}
            data-testid="check-cname"
          >
            {t('actions.checkCname')}
          </Button>
        </span>
      </Tooltip>
      {access.write('cacheRules') ? (
        <Button
          icon={<ClearOutlined />}
          disabled={line.status === 'Deleting'}
          onClick={() => setPurging(true)}
          data-testid="purge-cache"
        >
          {t('actions.purge')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <>
      <PageTitle extra={actions}>{line.appProfileName}</PageTitle>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'group', label: t('header.group'), children: line.groupName },
          {
            key: 'status',
            label: t('header.status'),
            children: <LineStatusTag status={line.status} testId="service-status" />,
          },
          {
            key: 'cname',
            label: t('header.cname'),
            children: (
              <Typography.Text copyable={{ text: line.cnameto }} data-testid="service-cname">
                {line.cnameto}
              </Typography.Text>
            ),
          },
        ]}
      />
      {line.lastError ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('header.lastError', { error: deployFailureText(line.lastError) })}
          data-testid="service-last-error"
        />
      ) : null}
      {checking ? <CheckCnameModal line={line} onClose={() => setChecking(false)} /> : null}
      <PurgeModal line={purging ? line : undefined} onClose={() => setPurging(false)} />
    </>
  );
}
