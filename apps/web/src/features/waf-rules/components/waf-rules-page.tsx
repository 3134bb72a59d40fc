import { ExperimentOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { WafRule } from '@parapet/shared';
import { Alert, Button, Space, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuditLogModal } from '@/components/audit-log/audit-log-modal';
import { useColumnSelector } from '@/components/column-selector';
import { ChooseGroupAlert, useItemList } from '@/components/item-list';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/api-client';
import { readRuleDraft, type RuleDraft } from '@/lib/rule-draft';
import { useResourceLimits } from '@/lib/tenancy/resource-limits';
import { useToast } from '@/lib/toast';
import { useExportWafRules } from '../api/export-waf-rules';
import { getWafRule } from '../api/get-waf-rule';
import { useGroupRulesFetch } from '../api/list-group-rules';
import { useWafRules } from '../api/list-waf-rules';
import { WafRuleFormModal } from './form/waf-rule-form-modal';
import { ImportModal } from './import-modal';
import { RuleTesterModal } from './tester/rule-tester-modal';
import { DEFAULT_WAF_RULE_COLUMNS, OPTIONAL_WAF_RULE_COLUMNS } from './waf-rule-columns';
import { WafRulesTable } from './waf-rules-table';
import { WafRulesToolbar, type RuleListFilters } from './waf-rules-toolbar';

type TesterRules = Array<{ value: string; isEnabled: boolean }>;

/** /firewall_rules: the selected group's firewall rules; create, edit, delete, log, test, import and export. */
export function WafRulesPage() {
  const { t } = useTranslation(['wafRules', 'errors']);
  const toast = useToast();
  const list = useItemList<RuleListFilters>('firewallRules');
  const { groupName, canWrite } = list;
  const [deepSearch, setDeepSearch] = useState(false);
  const query = list.query && {
    ...list.query,
    filters: { ...list.query.filters, deepSearch: deepSearch || undefined },
  };
  const { data, isFetching, error } = useWafRules(query);
  const columns = useColumnSelector(
    'waf',
    OPTIONAL_WAF_RULE_COLUMNS,
    (key) => t(`wafRules:fields.${key}`),
    DEFAULT_WAF_RULE_COLUMNS,
  );
  const limits = useResourceLimits(groupName);
  const created = limits.data?.usage['maxWafRuleCount'];
  const max = limits.data?.plan.resourceLimits.maxWafRuleCount;
  const full = created !== undefined && max !== undefined && created >= max;
  const exportRules = useExportWafRules();
  const fetchGroupRules = useGroupRulesFetch(groupName ?? '');

  const [creating, setCreating] = useState(false);
  // A rule drafted elsewhere (the event log) arrives in the location state and opens the create
  // form once; the state is dropped so a reload or Back does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const [drafted, setDrafted] = useState<RuleDraft | undefined>(() => readRuleDraft(location.state));
  useEffect(() => {
    if (location.state !== null && readRuleDraft(location.state))
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [location, navigate]);
  const [importing, setImporting] = useState(false);
  const [testing, setTesting] = useState<TesterRules>();
  // The rule as it was when the form opened: its values and the version it saves over come from
  // the same read; a newer version saved meanwhile answers VERSION_CONFLICT, and Reload reads it.
  const [editing, setEditing] = useState<WafRule>();
  const [logOf, setLogOf] = useState<WafRule>();
  const onEdit = useCallback((rule: WafRule) => setEditing(rule), []);
  const onLog = useCallback((rule: WafRule) => setLogOf(rule), []);
  const reload = (rule: WafRule) =>
    getWafRule(rule.id).then(setEditing, (e: unknown) => {
      toast.apiError(e);
    });
  const testAll = () =>
    fetchGroupRules().then(
      (rules) => setTesting(rules.map((rule) => ({ value: rule.ruleName, isEnabled: true }))),
      (e: unknown) => toast.apiError(e),
    );

  const header = groupName ? (
    <Space wrap>
      <Button icon={<ExperimentOutlined />} onClick={() => void testAll()} data-testid="waf-rules-test">
        {t('wafRules:testRules')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={exportRules.isPending}
        onClick={() =>
          exportRules.mutate(groupName, {
            onSuccess: (file) =>
              toast.success(t('wafRules:exported', { count: file.rules.length }), 'waf-rules-exported'),
            onError: (e) => toast.apiError(e),
          })
        }
        data-testid="waf-rules-export"
      >
        {t('wafRules:export')}
      </Button>
      {canWrite ? (
        <>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="waf-rules-import">
            {t('wafRules:import.open')}
          </Button>
          <Tooltip title={full ? t('errors:NO_RULES_AVAILABLE') : undefined}>
            <Button type="primary" disabled={full} onClick={() => setCreating(true)} data-testid="waf-rule-create">
              {t('wafRules:create')}
            </Button>
          </Tooltip>
        </>
      ) : null}
    </Space>
  ) : undefined;

  return (
    <>
      <PageTitle extra={header}>{t('wafRules:title')}</PageTitle>
      {groupName ? (
        <>
          {created !== undefined && max !== undefined ? (
            <Typography.Paragraph type={full ? 'danger' : 'secondary'} data-testid="waf-rules-quota">
              {t('wafRules:subtitle', { created, max })}
              {full ? ` ${t('errors:QUOTA_EXCEEDED')}` : null}
            </Typography.Paragraph>
          ) : null}
          <WafRulesToolbar
            list={list}
            deepSearch={deepSearch}
            onDeepSearch={(on) => {
              setDeepSearch(on);
              list.setPaging(1, list.paging.pageSize);
            }}
            columns={columns}
          />
          {error ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={t(`errors:${isApiError(error) ? error.code : 'INTERNAL'}`)}
              data-testid="waf-rules-error"
            />
          ) : null}
          <WafRulesTable
            data={data}
            loading={isFetching}
            {...list.paging}
            onPage={list.setPaging}
            visible={columns.value}
            canWrite={canWrite}
            onEdit={onEdit}
            onLog={onLog}
          />
          <WafRuleFormModal groupName={groupName} open={creating} onClose={() => setCreating(false)} />
          {drafted && canWrite ? (
            <WafRuleFormModal
              key="drafted"
              groupName={groupName}
              initial={drafted}
              open
              onClose={() => setDrafted(undefined)}
            />
          ) : null}
          {editing ? (
            <WafRuleFormModal
              key={`${editing.id}-${editing.version}`}
              groupName={groupName}
              rule={editing}
              open
              onClose={() => setEditing(undefined)}
              onReload={() => void reload(editing)}
            />
          ) : null}
          <ImportModal groupName={groupName} open={importing} onClose={() => setImporting(false)} />
          <RuleTesterModal
            open={testing !== undefined}
            onClose={() => setTesting(undefined)}
            groupName={groupName}
            rules={testing}
          />
          <AuditLogModal
            entity="waf-rule"
            item={logOf}
            title={logOf && t('wafRules:logTitle', { name: logOf.ruleName })}
            onClose={() => setLogOf(undefined)}
          />
        </>
      ) : (
        <ChooseGroupAlert title={t('wafRules:chooseGroup')} testId="waf-rules-choose-group" />
      )}
    </>
  );
}
