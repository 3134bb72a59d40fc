import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  fullAccess,
  PERMISSIONS,
  serviceLineSettingsSchema,
  type RolePermissions,
  type ServiceLineChild,
} from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberOf } from '@/test/render-app';
import { lineAccess, TAB_CHILD } from './line-access';
import { lineBody, pickSpec, writableSpec } from './line-form';
import {
  click,
  confirmTitle,
  LINE,
  openLine,
  openTab,
  renderLine,
  type,
  UPDATE_PATH,
} from './service-overview.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Full access but the line's children given here, and the line's own write as `write`. */
function lineRole(
  children: Partial<Record<ServiceLineChild, { read: boolean; write?: boolean }>>,
  write = true,
): RolePermissions {
  return { ...fullAccess(), serviceLines: { read: true, write, children } };
}

describe('what a role may do with a line (lineAccess)', () => {
  it('asks the shared can per child: a present child decides, an absent one follows the line', () => {
    const access = lineAccess(memberOf({ acme: lineRole({ origin: { read: true, write: false } }) }), 'acme');
    expect(access.line).toBe(true);
    expect(access.write('origin')).toBe(false);
    expect(access.read('origin')).toBe(true);
    expect(access.write('advanced')).toBe(true);
    // The settings a save may change are the written children's, as LINE_FIELD_CHILD says.
    expect(access.writable.has('origins')).toBe(false);
    expect(access.writable.has('maxUploadSize')).toBe(true);
    expect(lineAccess(memberOf({ acme: fullAccess() }), 'other').read('overview')).toBe(false);
    expect(lineAccess(undefined, 'acme').read('overview')).toBe(false);
  });

  it('gives every child of serviceLines exactly one tab', () => {
    expect(Object.values(TAB_CHILD).sort()).toEqual([...PERMISSIONS.serviceLines].sort());
  });

  it('keeps a setting the user may not write as it was read in what a save posts', () => {
    const spec = writableSpec(
      pickSpec(['maxUploadSize', 'errorHtmlPageName']),
      lineAccess(memberOf({ acme: lineRole({ htmlPages: { read: true, write: false } }) }), 'acme').writable,
    );
    const body = lineBody(LINE, spec, { maxUploadSize: 20, errorHtmlPageName: 'maintenance' });
    expect(body).toEqual({ ...LINE, maxUploadSize: 20 });
    expect(serviceLineSettingsSchema.safeParse(body).success).toBe(true);
  });
});

describe('service setting screen by child permission', () => {
  it('offers no Edit on Origin without its write, marked read-only, while Advanced can be edited and saved', async () => {
    const { sent } = renderLine(
      'groupName=acme&tab=origin',
      { [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-1' }) },
      lineRole({ origin: { read: true, write: false } }),
    );
    await screen.findByTestId('tab-read-origin');
    expect(screen.queryByTestId('tab-edit-origin')).toBeNull();
    expect(screen.queryByTestId('tab-save-origin')).toBeNull();
    const tag = screen.getByTestId('tab-readonly-origin');
    expect(tag.textContent).toBe('Read only');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText('Your role can view these settings but not change them.')).toBeTruthy();

    await openTab('advanced');
    expect(screen.queryByTestId('tab-readonly-advanced')).toBeNull();
    click('tab-edit-advanced');
    await screen.findByTestId('tab-save-advanced');
    type('field-maxUploadSize', '20');
    click('tab-save-advanced');
    expect(await confirmTitle()).toBe('Are you sure want to proceed?');
    click('confirm-ok');
    await screen.findByTestId('service-line-updated');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toEqual({ ...LINE, maxUploadSize: 20 });
  });

  it('disables the error page on Advanced without the HTML pages write', async () => {
    renderLine('groupName=acme&tab=advanced', {}, lineRole({ htmlPages: { read: true, write: false } }));
    await screen.findByTestId('tab-edit-advanced');
    click('tab-edit-advanced');
    await screen.findByTestId('tab-save-advanced');
    const page = screen.getByTestId('field-errorHtmlPageName');
    expect(page.className).toContain('ant-select-disabled');
    expect((screen.getByTestId('field-maxUploadSize') as HTMLInputElement).disabled).toBe(false);
  });

  it('lets a role with the origin write but not the line write edit Origin only', async () => {
    renderLine('groupName=acme&tab=origin', {}, lineRole({ origin: { read: true, write: true } }, false));
    expect(await screen.findByTestId('tab-edit-origin')).toBeTruthy();
    await openTab('overview');
    expect(screen.queryByTestId('tab-edit-overview')).toBeNull();
    expect(screen.getByTestId('tab-readonly-overview')).toBeTruthy();
    expect(screen.queryByTestId('service-create-another')).toBeNull();
  });

  it('leaves out a tab without its read, opening the first shown when the URL names it', async () => {
    renderLine('groupName=acme&tab=firewall', {}, lineRole({ firewallRules: { read: false } }));
    await screen.findByTestId('tab-read-overview');
    expect(screen.queryByTestId('service-tab-firewall')).toBeNull();
    expect(screen.getByTestId('service-tab-origin')).toBeTruthy();
  });

  it('hides Clear cache without the cache rules write and disables Check CNAME without the domains read', async () => {
    renderLine('groupName=acme', {}, lineRole({ cacheRules: { read: true, write: false }, domains: { read: false } }));
    await openLine();
    expect(screen.queryByTestId('purge-cache')).toBeNull();
    expect(screen.queryByTestId('service-tab-domains')).toBeNull();
    const check = screen.getByTestId('check-cname') as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('check-cname-wrap'));
    expect(await screen.findByText("Your role cannot view this line's domains.")).toBeTruthy();
    // The tabs the role writes still have Edit.
    await waitFor(() => expect(screen.getByTestId('tab-edit-overview')).toBeTruthy());
  });
});
