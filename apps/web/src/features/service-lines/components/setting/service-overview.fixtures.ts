import { fireEvent, screen, within } from '@testing-library/react';
import { fullAccess, serviceLineSettingsSchema, type RolePermissions, type ServiceLine } from '@parapet/shared';
import { json, memberOf, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

// The Service Setting screen's test data and steps, shared by its tests.

export const LINE: ServiceLine = {
  ...serviceLineSettingsSchema.parse({
    servername: ['www.shop.example.com', 'api.shop.example.com', 'img.shop.example.com'],
    customerPackage: 'resolvegroup-acme',
    origins: [{ address: '10.0.0.1' }],
    scheme: ['http', 'https'],
    usedWafRules: [{ value: 'block_bots', isEnabled: true }],
  }),
  id: 'line-1',
  groupName: 'acme',
  appProfileName: 'shop.example.com',
  status: 'Running',
  lastError: null,
  cnameto: 'shop-example-com.acme.cdn.example.net',
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  version: 3,
};

export const LINE_PATH = '/api/groups/acme/service-lines/shop.example.com';
export const UPDATE_PATH = '/api/table/rcm-app-profiles/update/index';

export const DOMAINS = LINE.servername.map((domain) => ({
  domain,
  description: '',
  cnameto: LINE.cnameto,
  status: 'Running' as const,
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
}));

/** The screen of LINE at `?<query>`, the line and its domains answered, and `handlers` on top. */
export function renderLine(query = 'groupName=acme', handlers: ApiHandlers = {}, role: RolePermissions = fullAccess()) {
  return renderApp(`/service/overview/shop.example.com/acme?${query}`, {
    ...shellHandlers(memberOf({ acme: role })),
    [`GET ${LINE_PATH}`]: () => json(200, LINE),
    'GET /api/service-lines/line-1/domains': () => json(200, { items: DOMAINS }),
    'GET /api/html-pages': () =>
      json(200, { items: [{ htmlPageName: 'default' }, { htmlPageName: 'maintenance' }], total: 2 }),
    'GET /api/certs': () => json(200, { items: [{ keypairname: 'shop_cert' }], total: 1 }),
    'GET /api/origin-policies': () =>
      json(200, { items: [{ policyName: 'asia_pool' }, { policyName: 'eu_pool' }], total: 2 }),
    ...handlers,
  });
}

export const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Waits for the line's header. */
export const openLine = () => screen.findByTestId('service-status');

/** Opens a tab by its label test id and waits for its card. */
export async function openTab(tab: string) {
  click(`service-tab-${tab}`);
  return screen.findByTestId(`tab-read-${tab}`);
}

/** Opens a select `testId` and picks the option whose text is `label`. */
export async function pickOption(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(label);
  // The newest dropdown is the last in the document; closed ones stay, hidden.
  const option = options.filter((o) => o.classList.contains('ant-select-item-option')).at(-1);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

/** Types a new tag into a tags select and presses Enter. */
export function enterTag(testId: string, value: string) {
  const input = within(screen.getByTestId(testId)).getByRole('combobox');
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** The title of the confirmation on screen (modal.confirm). */
export const confirmTitle = async () =>
  (await screen.findByText((_, el) => el?.classList.contains('ant-modal-confirm-title') ?? false)).textContent;

/** The text under that title (its `content`). */
export const confirmContent = () => document.querySelector('.ant-modal-confirm-content')?.textContent ?? null;

/** The antd form item around a field. */
export const formItemOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;
