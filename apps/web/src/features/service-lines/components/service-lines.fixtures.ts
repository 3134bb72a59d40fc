import { fireEvent, screen } from '@testing-library/react';
import { fullAccess, PLANS, serviceLineSettingsSchema, type ServiceLine } from '@parapet/shared';
import { json, memberOf, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

// What the screens' tests share: lines as the API lists them, the group's plan and usage, and steps.

export const line = (appProfileName: string, extra: Partial<ServiceLine> = {}): ServiceLine => ({
  ...serviceLineSettingsSchema.parse({
    servername: [`www.${appProfileName}`],
    customerPackage: 'standard',
    origins: [{ address: '10.0.0.1' }],
  }),
  id: `id-${appProfileName}`,
  groupName: 'acme',
  appProfileName,
  status: 'Running',
  lastError: null,
  cnameto: `${appProfileName.replace(/\./g, '-')}.cdn.parapet.test`,
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  version: 1,
  ...extra,
});

const wire = (plan: (typeof PLANS)['basic']) => ({
  ...plan,
  wafActions: [...plan.wafActions],
  features: [...plan.features],
  packages: [...plan.packages],
});

/** The group's plan (pro: two packages to choose from) and how many lines it has. */
export const tenancyHandlers = (used = 2): ApiHandlers => ({
  'GET /api/system/platformplan': () => json(200, { currentPlan: 'pro', planSpec: Object.values(PLANS).map(wire) }),
  'GET /api/group/resource-limits': () =>
    json(200, { groupName: 'acme', plan: wire(PLANS.pro), usage: { maxAppProfileCount: used } }),
});

export const renderLines = (path: string, handlers: ApiHandlers = {}, role = fullAccess()) =>
  renderApp(path, { ...shellHandlers(memberOf({ acme: role })), ...tenancyHandlers(), ...handlers });

export const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The text box inside a select (`data-testid` sits on the select's root). */
export const comboOf = (testId: string): HTMLElement => {
  const root = screen.getByTestId(testId);
  return root.getAttribute('role') === 'combobox' ? root : (root.querySelector('input') as HTMLElement);
};

/** Types a tag into a tags select and presses Enter. */
export function addTag(testId: string, value: string) {
  const input = comboOf(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Opens a select and picks the option `<testId>-<value>`. */
export async function choose(testId: string, value: string) {
  fireEvent.mouseDown(comboOf(testId));
  fireEvent.click(await screen.findByTestId(`${testId}-${value}`));
}
