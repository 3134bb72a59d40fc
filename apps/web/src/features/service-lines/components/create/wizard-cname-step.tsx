import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServiceLine } from '../../api/get-service-line';

interface CnameStepProps {
  groupName: string;
  name: string;
  domains: string[];
  onCreateAnother: () => void;
  onOverview: () => void;
}

/** Step 3, "Confirm CNAME": the name the line's domains must point at, read back from the new line. */
export function CnameStep({ groupName, name, domains, onCreateAnother, onOverview }: CnameStepProps) {
  const { t } = useTranslation('serviceLines');
  const line = useServiceLine(groupName, name);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="wizard-cname-step">
      <Alert type="success" showIcon title={t('wizard.createdTitle', { name })} description={t('wizard.cnameIntro')} />
      {line.isPending ? <Spin data-testid="wizard-cname-loading" /> : null}
      {line.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('wizard.cnameFailed')}
          action={
            <Button size="small" onClick={() => void line.refetch()}>
              {t('wizard.retry')}
            </Button>
          }
        />
      ) : null}
      {line.data ? (
        <div>
          <Typography.Text strong>{t('fields.cnameto')}: </Typography.Text>
          <Typography.Text code copyable data-testid="wizard-cname">
            {line.data.cnameto}
          </Typography.Text>
          <ul style={{ marginTop: 12 }} aria-label={t('fields.servername')}>
            {domains.map((domain) => (
              <li key={domain} data-testid={`wizard-cname-domain-${domain}`}>
                {t('wizard.cnameRecord', { domain, cname: line.data.cnameto })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Space>
        <Button onClick={onCreateAnother} data-testid="wizard-create-another">
          {t('wizard.createAnother')}
        </Button>
        <Button type="primary" onClick={onOverview} data-testid="wizard-back-to-overview">
          {t('wizard.backToOverview')}
        </Button>
      </Space>
    </Space>
  );
}
