import type { ServiceLine } from '@parapet/shared';
import { Alert, Button, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/lib/toast';
import { useCheckCname } from '../../api/check-cname';

interface CheckCnameModalProps {
  line: ServiceLine;
  onClose: () => void;
}

/** Looks each domain of the line up in DNS and says whether its CNAME points at the line's target. */
export function CheckCnameModal({ line, onClose }: CheckCnameModalProps) {
  const { t } = useTranslation('serviceLines');
  const check = useCheckCname();
  const { mutate } = check;
  const { groupName, appProfileName } = line;
  const run = () => mutate({ groupName, appProfileName });
  // Checks on opening (the parent mounts the modal to open it); "Check again" asks DNS anew.
  useEffect(() => mutate({ groupName, appProfileName }), [mutate, groupName, appProfileName]);

  const answer = check.data;
  // Spec §8 "Verification Successful": every domain points at the line, for each answer that says so.
  const toast = useToast();
  const { t: tc } = useTranslation('common');
  useEffect(() => {
    if (answer?.results.length && answer.results.every((row) => row.ok))
      toast.success(tc('messages.verified'), 'check-cname-verified');
  }, [answer, toast, tc]);
  return (
    <Modal
      open
      title={t('cname.title')}
      onCancel={onClose}
      width={760}
      footer={[
        <Button key="again" onClick={run} loading={check.isPending} data-testid="check-cname-again">
          {t('cname.checkAgain')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="check-cname-close">
          {t('cname.close')}
        </Button>,
      ]}
    >
      {check.isError ? (
        <Alert type="error" showIcon title={t('cname.failed')} data-testid="check-cname-failed" />
      ) : null}
      {check.isPending && !answer ? <Spin /> : null}
      {answer ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text data-testid="check-cname-target">
            {t('cname.target', { target: answer.target })}
          </Typography.Text>
          <Table
            rowKey="domain"
            size="small"
            pagination={false}
            loading={check.isPending}
            dataSource={answer.results}
            onRow={(row) =>
              ({
                'data-testid': `cname-result-${row.domain}`,
                'data-ok': String(row.ok),
              }) as HTMLAttributes<HTMLElement>
            }
            columns={[
              { key: 'domain', title: t('cname.domain'), dataIndex: 'domain' },
              { key: 'cname', title: t('cname.cname'), render: (_, row) => row.cname ?? t('values.none') },
              {
                key: 'result',
                title: t('cname.result'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <Tag color={row.ok ? 'green' : 'red'}>{t(row.ok ? 'cname.ok' : 'cname.notOk')}</Tag>
                    {row.error ? (
                      <Typography.Text type="secondary">{t(`cname.errors.${row.error}`)}</Typography.Text>
                    ) : null}
                  </Space>
                ),
              },
            ]}
            data-testid="check-cname-results"
          />
        </Space>
      ) : null}
    </Modal>
  );
}
