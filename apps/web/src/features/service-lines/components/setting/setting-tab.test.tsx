import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketHandlers } from '@/lib/socket';
import { json } from '@/test/render-app';
import {
  click,
  confirmTitle,
  enterTag,
  formItemOf,
  LINE,
  LINE_PATH,
  openLine,
  pickOption,
  renderLine,
  type,
  UPDATE_PATH,
} from './service-overview.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Opens `tab`'s form from the URL and waits for it. */
async function editTab(tab: string, handlers: Parameters<typeof renderLine>[1] = {}) {
  const rendered = renderLine(`groupName=acme&tab=${tab}`, handlers);
  await screen.findByTestId(`tab-edit-${tab}`);
  click(`tab-edit-${tab}`);
  await screen.findByTestId(`tab-save-${tab}`);
  return rendered;
}

/** Save, then OK on "Are you sure want to proceed?". */
async function saveAndConfirm(tab: string) {
  click(`tab-save-${tab}`);
  expect(await confirmTitle()).toBe('Are you sure want to proceed?');
  click('confirm-ok');
}

describe('editing a tab', () => {
  it('saves Advanced Settings by posting the whole line as read, with its version and the change', async () => {
    const { sent } = await editTab('advanced', { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-1' }) });
    type('field-maxUploadSize', '20');
    await saveAndConfirm('advanced');
    expect((await screen.findByTestId('service-line-updated')).textContent).toContain('Update successful!');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toEqual({ ...LINE, maxUploadSize: 20 });
    // Back to read mode.
    await screen.findByTestId('tab-edit-advanced');
  });

  it('fetches the line once for a save, not again while its task runs, and once when it ends', async () => {
    const { sent, queryClient } = await editTab('advanced', {
      [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-1' }),
    });
    const lineReads = () => sent('GET', LINE_PATH).length;
    const before = lineReads();
    type('field-maxUploadSize', '20');
    await saveAndConfirm('advanced');
    await screen.findByTestId('service-line-updated');
    await waitFor(() => expect(lineReads()).toBe(before + 1));
    const events = socketHandlers(queryClient);
    const event = { taskNo: 'task-1', groupName: 'acme', entity: 'service-line', entityId: LINE.id } as const;
    events['task.updated']({ ...event, state: 'running' });
    events['task.updated']({ ...event, state: 'succeeded' });
    await waitFor(() => expect(lineReads()).toBe(before + 2));
    // Nothing else comes late.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lineReads()).toBe(before + 2);
  });

  it('sends nothing and leaves read mode on Cancel', async () => {
    const { sent } = await editTab('advanced');
    type('field-maxUploadSize', '20');
    click('tab-cancel-advanced');
    await screen.findByTestId('tab-edit-advanced');
    expect(screen.getByTestId('value-maxUploadSize').textContent).toBe('1 MB');
    expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it('says "already deploying" for an empty taskNo and keeps the form', async () => {
    await editTab('advanced', { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: '' }) });
    type('field-maxUploadSize', '5');
    await saveAndConfirm('advanced');
    expect((await screen.findByTestId('service-line-already-deploying')).textContent).toContain(
      'Service Line is already deploying. Please try again later.',
    );
    expect(screen.queryByTestId('service-line-updated')).toBeNull();
    expect(screen.getByTestId('tab-save-advanced')).toBeTruthy();
  });

  it('says "Update Failed" when the server fails the save, and keeps the form open', async () => {
    await editTab('advanced', { [`POST ${UPDATE_PATH}`]: () => json(500, { code: 'INTERNAL', message: 'boom' }) });
    type('field-maxUploadSize', '20');
    await saveAndConfirm('advanced');
    expect((await screen.findByTestId('toast-update-failed')).textContent).toBe('Update Failed');
    expect(screen.queryByTestId('service-line-updated')).toBeNull();
    expect((screen.getByTestId('field-maxUploadSize') as HTMLInputElement).value).toBe('20');
  });

  it('shows a version conflict in the form, and Reload reads the line again into a fresh form', async () => {
    let version = LINE.version;
    const { sent } = await editTab('advanced', {
      [`GET ${LINE_PATH}`]: () =>
        json(200, { ...LINE, version, maxUploadSize: version > LINE.version ? 50 : LINE.maxUploadSize }),
      [`POST ${UPDATE_PATH}`]: () => json(409, { code: 'VERSION_CONFLICT', message: 'changed' }),
    });
    type('field-maxUploadSize', '20');
    await saveAndConfirm('advanced');
    expect((await screen.findByTestId('service-conflict')).textContent).toContain(
      'This item was changed by someone else. Reload it and try again.',
    );
    expect(screen.queryByTestId('toast-api-error')).toBeNull();

    version += 1;
    const reads = sent('GET', LINE_PATH).length;
    click('service-conflict-reload');
    await waitFor(() => expect(screen.queryByTestId('service-conflict')).toBeNull());
    expect(sent('GET', LINE_PATH).length).toBeGreaterThan(reads);
    await waitFor(() => expect((screen.getByTestId('field-maxUploadSize') as HTMLInputElement).value).toBe('50'));
  });

  it('puts a server field error such as httpsPort.0 on its field', async () => {
    await editTab('ssl', {
      [`POST ${UPDATE_PATH}`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: { 'httpsPort.0': 'https_port_not_allowed' },
        }),
    });
    await saveAndConfirm('ssl');
    await waitFor(() => expect(formItemOf('field-httpsPort').textContent).toContain('Port Out Of Range'));
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
  });

  it('refuses HTTPS port 5000 before sending', async () => {
    const { sent } = await editTab('ssl');
    enterTag('field-httpsPort', '5000');
    click('tab-save-ssl');
    await waitFor(() =>
      expect(formItemOf('field-httpsPort').textContent).toContain(
        'Port Out Of Range: HTTPS ports can be 443, 1001–4999, 6001–32767.',
      ),
    );
    expect(screen.queryByText('Are you sure want to proceed?')).toBeNull();
    expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
  });

  // antd's InputNumber with min/max would turn these into 65534, 100 and 100 on blur and save them.
  it.each([
    ['origin', 'field-originPort', '70000', 'Enter a whole number from 1 to 65534.'],
    ['advanced', 'field-maxUploadSize', '500', 'Enter a whole number from 1 to 100.'],
    ['origin', 'field-origins-0-weight', '150', 'Enter a whole number from 1 to 100.'],
  ])(
    'refuses an out-of-range number on %s (%s = %s) with the range, never correcting it',
    async (tab, testId, value, message) => {
      const { sent } = await editTab(tab, { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-3' }) });
      const box = screen.getByTestId(testId);
      fireEvent.change(box, { target: { value } });
      fireEvent.blur(box);
      click(`tab-save-${tab}`);
      await waitFor(() => expect(formItemOf(testId).textContent).toContain(message));
      expect((screen.getByTestId(testId) as HTMLInputElement).value).toBe(value);
      expect(screen.queryByText('Are you sure want to proceed?')).toBeNull();
      expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
    },
  );

  it("requires a certificate when the system one is off, offering the group's", async () => {
    const { sent } = await editTab('ssl', { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-2' }) });
    click('field-useSystemCert');
    await screen.findByTestId('field-keypairname');
    click('tab-save-ssl');
    await waitFor(() => expect(formItemOf('field-keypairname').textContent).toContain('This field is required.'));
    await pickOption('field-keypairname', 'shop_cert');
    await saveAndConfirm('ssl');
    await screen.findByTestId('service-line-updated');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toMatchObject({
      useSystemCert: false,
      keypairname: 'shop_cert',
      version: LINE.version,
    });
  });

  it('requires the Host when Custom Host is on, and stores the switch as on/off', async () => {
    const { sent } = await editTab('advanced', { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-3' }) });
    click('field-setCustomHostHeader');
    await screen.findByTestId('field-customHostHeader');
    click('tab-save-advanced');
    await waitFor(() => expect(formItemOf('field-customHostHeader').textContent).toContain('This field is required.'));
    type('field-customHostHeader', 'origin.internal');
    await saveAndConfirm('advanced');
    await screen.findByTestId('service-line-updated');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toMatchObject({
      setCustomHostHeader: 'on',
      customHostHeader: 'origin.internal',
    });
  });

  it('refuses spaces in cache patterns', async () => {
    const { sent } = await editTab('cache');
    type('field-cusCachepath', '/static/\n/my path');
    click('tab-save-cache');
    await waitFor(() => expect(formItemOf('field-cusCachepath').textContent).toContain('Spaces are not allowed.'));
    expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it('answers a region already used by another row with "Region exists"', async () => {
    await editTab('origin');
    click('field-useOriginPolicy');
    await screen.findByTestId('field-usedOriginPolicies-0-regionName');
    await pickOption('field-usedOriginPolicies-0-regionName', 'Default (all other visitors)');
    click('field-usedOriginPolicies-add');
    await screen.findByTestId('field-usedOriginPolicies-1-regionName');
    await pickOption('field-usedOriginPolicies-1-regionName', 'Default (all other visitors)');
    await waitFor(() =>
      expect(formItemOf('field-usedOriginPolicies-1-regionName').textContent).toContain('Region exists.'),
    );
    // Refused: the region stays with the first row only.
    expect(
      within(screen.getByTestId('field-usedOriginPolicies-1-regionName')).queryByText('Default (all other visitors)'),
    ).toBeNull();
    expect(
      within(screen.getByTestId('field-usedOriginPolicies-0-regionName')).getByText('Default (all other visitors)'),
    ).toBeTruthy();
  });

  it('validates the origins with the server first (spec §4) and sends no update while one is refused', async () => {
    const { sent } = await editTab('origin', {
      'POST /api/validate/ipvalidate': (call) =>
        json(200, { success: (call.body as { val: string }).val !== LINE.origins[0]?.address }),
      [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-5' }),
    });
    await saveAndConfirm('origin');
    await waitFor(() => expect(formItemOf('field-origins-0-address').textContent).toContain('Invalid origin address'));
    expect(sent('POST', '/api/validate/ipvalidate').length).toBeGreaterThan(0);
    expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it('says when the server refuses an origin as a private address', async () => {
    const { sent } = await editTab('origin', {
      'POST /api/validate/ipvalidate': () => json(200, { success: false, code: 'private_origin_address' }),
      [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-5' }),
    });
    await saveAndConfirm('origin');
    await waitFor(() =>
      expect(formItemOf('field-origins-0-address').textContent).toContain('Origins must be public addresses.'),
    );
    expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it("saves region → policy rows in place of the line's own origins", async () => {
    const { sent } = await editTab('origin', { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-4' }) });
    click('field-useOriginPolicy');
    await screen.findByTestId('field-usedOriginPolicies-0-regionName');
    await pickOption('field-usedOriginPolicies-0-regionName', 'Default (all other visitors)');
    await pickOption('field-usedOriginPolicies-0-originPolicyName', 'asia_pool');
    await saveAndConfirm('origin');
    await screen.findByTestId('service-line-updated');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toMatchObject({
      useOriginPolicy: true,
      usedOriginPolicies: [{ regionName: ['default'], originPolicyName: 'asia_pool' }],
      origins: LINE.origins,
    });
  });

  it('edits the description and tags on Overview', async () => {
    const { sent } = await editTab('overview', { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-5' }) });
    type('field-description', 'The shop');
    enterTag('field-tags', 'prod');
    await saveAndConfirm('overview');
    await screen.findByTestId('service-line-updated');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toEqual({ ...LINE, description: 'The shop', tags: ['prod'] });
  });

  it('chooses the error page on HTML Pages', async () => {
    const { sent } = await editTab('html', { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-6' }) });
    await pickOption('field-errorHtmlPageName', 'maintenance');
    await saveAndConfirm('html');
    await screen.findByTestId('service-line-updated');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toEqual({ ...LINE, errorHtmlPageName: 'maintenance' });
    expect(within(screen.getByTestId('tab-read-html')).getByTestId('html-pages-link').getAttribute('href')).toBe(
      '/html?groupName=acme',
    );
  });

  it('edits Firewall Rules like the other tabs (its own tests: tabs/firewall-tab.test.tsx)', async () => {
    renderLine('groupName=acme&tab=firewall');
    await screen.findByTestId('tab-read-firewall');
    await openLine();
    fireEvent.click(await screen.findByTestId('tab-edit-firewall'));
    expect(await screen.findByTestId('tab-save-firewall')).toBeTruthy();
    expect(screen.getByTestId('tab-cancel-firewall')).toBeTruthy();
  });
});
