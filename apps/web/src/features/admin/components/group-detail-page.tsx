import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuditLog } from '@/components/audit-log/audit-log';
import { PageTitle } from '@/components/page-title';
import { PATHS } from '@/lib/paths';
import { useGroups } from '@/lib/tenancy/groups';
import { AddMemberModal } from './add-member-modal';
import { MembersTable } from './members-table';

/** /admin/groups/:groupName: the group's plan, its members and their roles, and its log. */
export function GroupDetailPage() {
  const { t } = useTranslation(['admin', 'plans']);
  const groupName = useParams().groupName ?? '';
  const group = useGroups().data?.find((g) => g.name === groupName);
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageTitle
        extra={
          <Link to={PATHS.adminGroups}>
            <ArrowLeftOutlined /> {t('admin:groups.back')}
          </Link>
        }
      >
        {t('admin:groups.detailTitle', { name: groupName })}
      </PageTitle>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {group ? (
          <Descriptions
            size="small"
            items={[
              { key: 'plan', label: t('admin:groups.plan'), children: t(`plans:names.${group.plan}`) },
              { key: 'members', label: t('admin:groups.members'), children: group.memberCount },
            ]}
          />
        ) : null}
        <Card
          title={t('admin:members.title')}
          extra={
            <Button type="primary" onClick={() => setAdding(true)} data-testid="member-add">
              {t('admin:members.add')}
            </Button>
          }
        >
          <MembersTable groupName={groupName} />
        </Card>
        <Card title={t('admin:groups.log')}>
          <Tabs
            items={[
              {
                key: 'members',
                label: t('admin:groups.memberLog'),
                children: <AuditLog entity="member" groupName={groupName} />,
              },
              {
                key: 'group',
                label: t('admin:groups.groupLog'),
                children: <AuditLog entity="group" entityId={groupName} />,
              },
            ]}
          />
        </Card>
      </Space>
      <AddMemberModal groupName={groupName} open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
