import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type ApiHandlers } from '@/test/render-app';
import { addTag, choose, click, line, renderLines, type } from '../service-lines.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CREATE = 'POST /api/table/rcm-app-profiles/update/create';
const checks: ApiHandlers = {
  'GET /api/validate/documentexist': ({ query }) => json(200, { exist: query.get('fieldVal') === 'taken.example' }),
  'POST /api/validate/ipvalidate': ({ body }) =>
    json(200, { success: (body as { val: string }).val !== 'refused.example' }),
  'GET /api/groups/acme/service-lines/new.example': () =>
    json(200, line('new.example', { status: 'Deploying', cnameto: 'a1b2c3.cdn.parapet.test' })),
};
const openWizard = async (handlers: ApiHandlers = {}) => {
  const app = renderLines('/service-lines/create?groupName=acme', { ...checks, ...handlers });
  await screen.findByTestId('wizard-name');
  return app;
};
const shown = (testId: string) => !screen.getByTestId(testId).closest('[hidden]');
/** The form item around a control, where its error shows. */
const itemOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;

async function fillOrigin(name = 'new.example', origins = ['10.0.0.1', 'origin.example.com:8080']) {
  type('wizard-name', name);
  await choose('wizard-package', 'performance');
  for (const origin of origins) addTag('wizard-origins', origin);
  click('wizard-next');
  await waitFor(() => expect(shown('wizard-domains')).toBe(true));
}
const tickHttps = () =>
  fireEvent.click(within(screen.getByTestId('wizard-scheme')).getByRole('checkbox', { name: 'HTTPS' }));
const removeTag = (testId: string, value: string) => {
  const tag = [...screen.getByTestId(testId).querySelectorAll('.ant-select-selection-item')].find(
    (t) => t.textContent === value,
  );
  fireEvent.click(tag?.querySelector('.ant-select-selection-item-remove') as HTMLElement);
};

describe('create service line wizard', () => {
  it('refuses a taken name and bad origins on step 1, checking them with the server', async () => {
    const { sent } = await openWizard();
    expect(screen.getByTestId('page-title').textContent).toBe('Create Service Line');
    type('wizard-name', 'taken.example');
    await choose('wizard-package', 'standard');
    addTag('wizard-origins', 'bad_host!');
    click('wizard-next');
    expect(await screen.findByText('This service name already exists.')).toBeTruthy();
    expect(await within(itemOf('wizard-origins')).findByText(/^bad_host!: Invalid origin address/)).toBeTruthy();
    expect(sent('GET', '/api/validate/documentexist')[0]?.query.get('groupName')).toBe('acme');

    removeTag('wizard-origins', 'bad_host!');
    addTag('wizard-origins', 'refused.example');
    expect(await within(itemOf('wizard-origins')).findByText(/^refused\.example: Invalid origin address/)).toBeTruthy();
    expect(sent('POST', '/api/validate/ipvalidate').map((c) => c.body)).toContainEqual({
      topic: 'origin',
      val: 'refused.example',
    });
    click('wizard-next');
    await new Promise((r) => setTimeout(r, 400));
    expect(shown('wizard-name')).toBe(true);
    expect(shown('wizard-domains')).toBe(false);
  });

  it('refuses origin port 70000 with the range and stays on step 1, never correcting it to 65534', async () => {
    await openWizard();
    type('wizard-name', 'new.example');
    await choose('wizard-package', 'performance');
    addTag('wizard-origins', '10.0.0.1');
    const port = screen.getByTestId('wizard-origin-port');
    fireEvent.change(port, { target: { value: '70000' } });
    fireEvent.blur(port);
    click('wizard-next');
    expect(await within(itemOf('wizard-origin-port')).findByText('Enter a whole number from 1 to 65534.')).toBeTruthy();
    expect((screen.getByTestId('wizard-origin-port') as HTMLInputElement).value).toBe('70000');
    await new Promise((r) => setTimeout(r, 300));
    expect(shown('wizard-domains')).toBe(false);
  });

  it('refuses HTTPS port 5000 and an HTTPS port that is an HTTP port, with the translated messages', async () => {
    await openWizard();
    await fillOrigin();
    expect(screen.queryByTestId('wizard-https-ports')).toBeNull();
    tickHttps();
    await screen.findByTestId('wizard-https-ports');
    addTag('wizard-https-ports', '5000');
    expect(
      await within(itemOf('wizard-https-ports')).findByText(
        'Port Out Of Range: HTTPS ports can be 443, 1001–4999, 6001–32767.',
      ),
    ).toBeTruthy();
    removeTag('wizard-https-ports', '5000');
    addTag('wizard-https-ports', '80');
    expect(
      await within(itemOf('wizard-https-ports')).findByText('This port is already an HTTP port of the line.'),
    ).toBeTruthy();
    removeTag('wizard-https-ports', '80');
    await waitFor(() =>
      expect(
        within(itemOf('wizard-https-ports')).queryByText('This port is already an HTTP port of the line.'),
      ).toBeNull(),
    );
  });

  it('creates the line with two domains, its origins and ports, then shows the CNAME to point them at', async () => {
    const { sent, router } = await openWizard({ [CREATE]: () => json(200, { taskNo: 't-9' }) });
    await fillOrigin();
    tickHttps();
    await choose('wizard-http-ports', '8080');
    // The switch shows once both schemes are on, after the form re-renders.
    fireEvent.click(await screen.findByTestId('wizard-redirect-https'));
    await screen.findByTestId('wizard-redirect-code');
    type('wizard-domains', 'new.example.com\n\nwww.new.example.com\n');
    click('wizard-save');
    expect((await screen.findByTestId('service-line-created')).textContent).toContain('Create successful!');
    expect(sent('POST', '/api/table/rcm-app-profiles/update/create')[0]?.body).toEqual({
      groupName: 'acme',
      appProfileName: 'new.example',
      customerPackage: 'performance',
      origins: [{ address: '10.0.0.1' }, { address: 'origin.example.com:8080' }],
      portMappingType: 'default',
      originscheme: 'http',
      originPort: 80,
      scheme: ['http', 'https'],
      httpPort: [80, 8080],
      httpsPort: [443],
      useHsts: false,
      redirecthttps: true,
      redirectHttpCode: 302,
      servername: ['new.example.com', 'www.new.example.com'],
    });
    expect((await screen.findByTestId('wizard-cname')).textContent).toBe('a1b2c3.cdn.parapet.test');
    expect(screen.getByTestId('wizard-cname-domain-www.new.example.com').textContent).toBe(
      'www.new.example.com CNAME a1b2c3.cdn.parapet.test',
    );

    click('wizard-back-to-overview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/overview/new.example/acme'));
  });

  it('starts again empty on "Create another line"', async () => {
    await openWizard({ [CREATE]: () => json(200, { taskNo: 't-9' }) });
    await fillOrigin('new.example', ['10.0.0.1']);
    type('wizard-domains', 'new.example.com');
    click('wizard-save');
    await screen.findByTestId('wizard-cname');
    click('wizard-create-another');
    await waitFor(() => expect(shown('wizard-name')).toBe(true));
    expect((screen.getByTestId('wizard-name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('wizard-cname')).toBeNull();
  });

  it('says the line is already deploying on an empty taskNo and stays on the form', async () => {
    await openWizard({ [CREATE]: () => json(200, { taskNo: '' }) });
    await fillOrigin('new.example', ['10.0.0.1']);
    type('wizard-domains', 'new.example.com');
    click('wizard-save');
    expect((await screen.findByTestId('service-line-already-deploying')).textContent).toContain(
      'Service Line is already deploying. Please try again later.',
    );
    expect(shown('wizard-domains')).toBe(true);
    expect(screen.queryByTestId('wizard-cname-step')).toBeNull();
  });

  it.each([
    ['the server', () => json(500, { code: 'INTERNAL', message: 'x' })],
    ['the network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'says "Failed to create. Please try again" when %s fails, keeping the form',
    async (_, answer: () => Promise<Response> | Response) => {
      await openWizard({ [CREATE]: answer });
      await fillOrigin('new.example', ['10.0.0.1']);
      type('wizard-domains', 'new.example.com');
      click('wizard-save');
      expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
        'Failed to create. Please try again',
      );
      expect(screen.queryByTestId('service-line-create-failed')).toBeNull();
      expect(shown('wizard-domains')).toBe(true);
    },
  );

  it('shows a server error on servername.1 on the domains field', async () => {
    await openWizard({
      [CREATE]: () => json(400, { code: 'VALIDATION_FAILED', message: 'bad', fields: { 'servername.1': 'taken' } }),
    });
    await fillOrigin('new.example', ['10.0.0.1']);
    type('wizard-domains', 'new.example.com\nused.example.com');
    click('wizard-save');
    expect(await within(itemOf('wizard-domains')).findByText('This value is already used.')).toBeTruthy();
    expect(await screen.findByTestId('service-line-form-error')).toBeTruthy();
  });

  it('names the domain another line has, and that line', async () => {
    const details = { fieldParams: { 'servername.1': { value: 'used.example.com', usedBy: 'shop.line' } } };
    await openWizard({
      [CREATE]: () =>
        json(400, { code: 'VALIDATION_FAILED', message: 'bad', fields: { 'servername.1': 'taken' }, details }),
    });
    await fillOrigin('new.example', ['10.0.0.1']);
    type('wizard-domains', 'new.example.com\nused.example.com');
    click('wizard-save');
    expect(
      await within(itemOf('wizard-domains')).findByText('used.example.com is already used by line shop.line.'),
    ).toBeTruthy();
  });

  it('goes back to step 1 for a name the server says is taken', async () => {
    await openWizard({
      [CREATE]: () => json(409, { code: 'ALREADY_EXISTS', message: 'taken', fields: { appProfileName: 'taken' } }),
    });
    await fillOrigin('new.example', ['10.0.0.1']);
    type('wizard-domains', 'new.example.com');
    click('wizard-save');
    expect(await within(itemOf('wizard-name')).findByText('Already exists.')).toBeTruthy();
    expect(shown('wizard-name')).toBe(true);
    expect(shown('wizard-domains')).toBe(false);
  });
});
