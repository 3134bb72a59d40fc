import { fireEvent, screen, within } from '@testing-library/react';
import { fullAccess, HEALTH_CHECK_DEFAULTS, type OriginPolicy } from '@parapet/shared';
import { json, memberOf, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

// What the screen's tests share: policies as the API lists them and the steps of the screen.

export const policy = (policyName: string, extra: Partial<OriginPolicy> = {}): OriginPolicy => ({
  id: `id-${policyName}`,
  groupName: 'acme',
  policyName,
  region: ['default'],
  origins: [{ address: '10.0.0.1', weight: 1, backup: false, enabled: true }],
  loadBalancerMethod: 'ipHash',
  loadBalancerSticky: false,
  healthCheckMode: 'tcp',
  healthCheckUri: '/',
  healthCheckHttpCode: ['200-399'],
  healthCheckInterval: 10,
  healthCheckTimeout: 500,
  healthCheckSuccess: 2,
  healthCheckFail: 3,
  originscheme: 'http',
  portMappingType: 'default',
  status: 'Running',
  lastError: null,
  health: [{ address: '10.0.0.1', health: 'unchecked', checkedAt: null, reason: null, httpStatus: null }],
  usedBy: [],
  usageCount: 0,
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  version: 3,
  ...extra,
});

export const POLICIES = [
  policy('web', {
    region: ['default', 'TW'],
    origins: [
      { address: '10.0.0.1', weight: 1, backup: false, enabled: true },
      { address: '10.0.0.2', weight: 1, backup: true, enabled: true },
      { address: 'spare.example.com', weight: 1, backup: false, enabled: false },
    ],
    health: [
      { address: '10.0.0.1', health: 'healthy', checkedAt: 1_700_000_000_000, reason: null, httpStatus: null },
      { address: '10.0.0.2', health: 'unhealthy', checkedAt: 1_700_000_000_000, reason: 'refused', httpStatus: null },
    ],
    usedBy: ['shop', 'blog'],
    usageCount: 2,
  }),
  policy('api', {
    status: 'Deploying',
    lastError: 'edge unreachable',
    origins: [{ address: '10.0.1.1', weight: 1, backup: false, enabled: true }],
    health: [],
  }),
];

export const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
export const created = (body: unknown) => json(201, { ...policy('new'), ...(body as object), id: 'id-new' });

export const renderPolicies = (handlers: ApiHandlers = {}, role = fullAccess()) =>
  renderApp('/origin_policy?groupName=acme', {
    ...shellHandlers(memberOf({ acme: role })),
    'GET /api/origin-policies': () => json(200, { items: POLICIES, total: POLICIES.length }),
    ...handlers,
  });
export const headers = () =>
  new Set(
    within(screen.getByTestId('origin-policies-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  );
export const openList = () => screen.findByTestId('origin-health-10.0.0.1');
export const openCreate = async () => {
  click('origin-policy-create');
  await screen.findByTestId('origin-policy-name');
};
export const pick = async (selectTestId: string, optionTestId: string) => {
  fireEvent.mouseDown(within(screen.getByTestId(selectTestId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTestId(optionTestId));
};

/** The body the form sends with nothing but a name and origins filled in. */
export const defaultBody = (policyName: string, addresses: string[]) => ({
  groupName: 'acme',
  policyName,
  region: ['default'],
  origins: addresses.map((address) => ({ address, weight: 1, backup: false, enabled: true })),
  loadBalancerMethod: 'ipHash',
  loadBalancerSticky: false,
  healthCheckMode: 'tcp',
  healthCheckUri: '/',
  healthCheckHttpCode: [...HEALTH_CHECK_DEFAULTS.httpCodes],
  healthCheckInterval: HEALTH_CHECK_DEFAULTS.intervalS,
  healthCheckTimeout: HEALTH_CHECK_DEFAULTS.timeoutMs,
  healthCheckSuccess: HEALTH_CHECK_DEFAULTS.success,
  healthCheckFail: HEALTH_CHECK_DEFAULTS.fail,
  originscheme: 'http',
  portMappingType: 'default',
});
