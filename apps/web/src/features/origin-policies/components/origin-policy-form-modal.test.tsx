import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/render-app';
import {
  click,
  created,
  defaultBody,
  openCreate,
  openList,
  pick,
  POLICIES,
  renderPolicies,
  type,
} from './origin-policies.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('origin policy form', () => {
  it('creates with two origins and the shared defaults, then says "Created Successfully"', async () => {
    const { sent } = renderPolicies({ 'POST /api/origin-policies': (call) => created(call.body) });
    await openList();
    await openCreate();
    type('origin-policy-name', 'web_pool');
    type('origin-address-0', '10.0.0.5');
    click('origin-add');
    await screen.findByTestId('origin-address-1');
    type('origin-address-1', 'origin.example.com:8080');
    click('origin-policy-submit');
    expect((await screen.findByTestId('origin-policy-created')).textContent).toContain('Created Successfully');
    expect(sent('POST', '/api/origin-policies')[0]?.body).toEqual(
      defaultBody('web_pool', ['10.0.0.5', 'origin.example.com:8080']),
    );
  });

  it('shows weights only for the weight method and the probe path and codes only for HTTP', async () => {
    const { sent } = renderPolicies({ 'POST /api/origin-policies': (call) => created(call.body) });
    await openList();
    await openCreate();
    expect(screen.queryByTestId('origin-weight-0')).toBeNull();
    expect(screen.queryByTestId('origin-policy-hc-uri')).toBeNull();
    type('origin-policy-name', 'weighted');
    type('origin-address-0', '10.0.0.5');
    fireEvent.click(within(screen.getByTestId('origin-policy-lb-method')).getByText('Weight'));
    await screen.findByTestId('origin-weight-0');
    type('origin-weight-0', '30');
    fireEvent.click(within(screen.getByTestId('origin-policy-hc-mode')).getByText('HTTP'));
    await screen.findByTestId('origin-policy-hc-uri');
    type('origin-policy-hc-uri', '/healthz');
    click('origin-backup-0');
    click('origin-policy-sticky');
    click('origin-policy-submit');
    await screen.findByTestId('origin-policy-created');
    expect(sent('POST', '/api/origin-policies')[0]?.body).toMatchObject({
      origins: [{ address: '10.0.0.5', weight: 30, backup: true, enabled: true }],
      loadBalancerMethod: 'weight',
      loadBalancerSticky: true,
      healthCheckMode: 'http',
      healthCheckUri: '/healthz',
      healthCheckHttpCode: ['200-399'],
    });
  });

  it('warns of a private address as it is typed, still sends it, and shows the server refusing it', async () => {
    const refusal =
      'This address is, or resolves to, a private, loopback, link-local, reserved or cloud-metadata address. Origins must be public addresses.';
    const { sent } = renderPolicies({
      'POST /api/origin-policies': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: { 'origins.0.address': 'private_origin_address' },
        }),
    });
    await openList();
    await openCreate();
    type('origin-policy-name', 'home');
    type('origin-address-0', '127.0.0.1:5432');
    expect(await screen.findByText(refusal)).toBeTruthy();
    type('origin-address-0', 'origin.example.com');
    await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
    type('origin-address-0', 'localhost:6379');
    expect(await screen.findByText(refusal)).toBeTruthy();
    click('origin-policy-submit');
    await waitFor(() => expect(sent('POST', '/api/origin-policies')).toHaveLength(1));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('checks the form with the shared schema before sending', async () => {
    const { sent } = renderPolicies();
    await openList();
    await openCreate();
    type('origin-policy-name', 'Bad Name');
    type('origin-address-0', '10.0.0.5');
    click('origin-add');
    await screen.findByTestId('origin-address-1');
    type('origin-address-1', '10.0.0.5');
    click('origin-policy-submit');
    expect(await screen.findByText('Unsupported format.')).toBeTruthy();
    expect(within(screen.getByTestId('origin-row-1')).getByText('Duplicate entry.')).toBeTruthy();
    expect(within(screen.getByTestId('origin-row-0')).queryByText('Duplicate entry.')).toBeNull();
    expect(sent('POST', '/api/origin-policies')).toHaveLength(0);
  });

  it('answers a region picked twice with "Region exists" and sends each region once', async () => {
    const { sent } = renderPolicies({ 'POST /api/origin-policies': (call) => created(call.body) });
    await openList();
    await openCreate();
    type('origin-policy-name', 'regional');
    type('origin-address-0', '10.0.0.5');
    await pick('origin-policy-region-add', 'region-option-default');
    expect(await screen.findByText('Region exists: Default (all other visitors)')).toBeTruthy();
    fireEvent.change(within(screen.getByTestId('origin-policy-region-add')).getByRole('combobox'), {
      target: { value: 'Taiwan' },
    });
    fireEvent.click(await screen.findByTestId('region-option-TW'));
    expect(screen.getByTestId('origin-policy-region-TW')).toBeTruthy();
    click('origin-policy-submit');
    await screen.findByTestId('origin-policy-created');
    expect(sent('POST', '/api/origin-policies')[0]?.body).toMatchObject({ region: ['default', 'TW'] });
  });

  it("puts the server's field errors on the origin row they name", async () => {
    renderPolicies({
      'POST /api/origin-policies': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'bad',
          fields: { 'origins.1.address': 'invalid_origin_address' },
        }),
    });
    await openList();
    await openCreate();
    type('origin-policy-name', 'web_pool');
    type('origin-address-0', '10.0.0.5');
    click('origin-add');
    await screen.findByTestId('origin-address-1');
    type('origin-address-1', 'unresolvable.example');
    click('origin-policy-submit');
    const row = screen.getByTestId('origin-row-1');
    expect(await within(row).findByText(/^Invalid origin address/)).toBeTruthy();
    expect(within(screen.getByTestId('origin-row-0')).queryByText(/^Invalid origin address/)).toBeNull();
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
  });

  it('shows a taken name under the name and a quota refusal as a toast', async () => {
    let answer = json(409, { code: 'ALREADY_EXISTS', message: 'taken', fields: { policyName: 'taken' } });
    renderPolicies({ 'POST /api/origin-policies': () => answer });
    await openList();
    await openCreate();
    type('origin-policy-name', 'web');
    type('origin-address-0', '10.0.0.5');
    click('origin-policy-submit');
    expect(await screen.findByText('This value is already used.')).toBeTruthy();
    answer = json(403, { code: 'QUOTA_EXCEEDED', message: 'Exceed Quota' });
    click('origin-policy-submit');
    expect((await screen.findByTestId('toast-api-error')).textContent).toContain('Exceed Quota');
    expect(screen.queryByTestId('toast-create-failed')).toBeNull();
  });

  it('says "Failed to create. Please try again" when the server or the network fails', async () => {
    let answer = () => Promise.resolve(json(500, { code: 'INTERNAL', message: 'x' }));
    renderPolicies({ 'POST /api/origin-policies': () => answer() });
    await openList();
    await openCreate();
    type('origin-policy-name', 'web');
    type('origin-address-0', '10.0.0.5');
    click('origin-policy-submit');
    expect((await screen.findByTestId('toast-create-failed')).textContent).toContain(
      'Failed to create. Please try again',
    );
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    click('origin-policy-submit');
    await waitFor(() => expect(screen.getAllByTestId('toast-create-failed')).toHaveLength(2));
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
  });

  it('edits every field over the version read, after "Are you sure want to proceed?"', async () => {
    let conflict = true;
    const { sent } = renderPolicies({
      'PUT /api/origin-policies/id-web': (call) =>
        conflict
          ? json(409, { code: 'VERSION_CONFLICT', message: 'changed' })
          : json(200, { ...POLICIES[0], ...(call.body as object) }),
    });
    await openList();
    click('origin-policy-edit-web');
    await screen.findByTestId('origin-policy-name');
    expect((screen.getByTestId('origin-address-2') as HTMLInputElement).value).toBe('spare.example.com');
    type('origin-policy-name', 'web_renamed');
    click('origin-remove-2');
    click('origin-policy-submit');
    expect((await screen.findAllByText('Are you sure want to proceed?')).length).toBeGreaterThan(0);
    click('confirm-ok');
    expect((await screen.findByTestId('origin-policy-conflict')).textContent).toContain(
      'This item was changed by someone else',
    );
    conflict = false;
    // The first confirmation stays in the page, hidden: wait for the second to be added and click
    // that one (clicking whichever was there first made this test fail now and then).
    const asked = screen.getAllByTestId('confirm-ok').length;
    click('origin-policy-submit');
    await waitFor(() => expect(screen.getAllByTestId('confirm-ok')).toHaveLength(asked + 1));
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1) as HTMLElement);
    expect((await screen.findByTestId('origin-policy-updated')).textContent).toContain('Updated Successfully');
    const bodies = sent('PUT', '/api/origin-policies/id-web').map((c) => c.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      ...defaultBody('web_renamed', []),
      groupName: undefined,
      region: ['default', 'TW'],
      origins: [
        { address: '10.0.0.1', weight: 1, backup: false, enabled: true },
        { address: '10.0.0.2', weight: 1, backup: true, enabled: true },
      ],
      version: 3,
    });
  });
});
