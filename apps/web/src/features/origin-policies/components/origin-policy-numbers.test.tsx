import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, created, openCreate, openList, renderPolicies, type } from './origin-policies.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Types into a number box and leaves it, as a user does (antd corrects a min/max box on blur). */
const typeAndLeave = (testId: string, value: string) => {
  type(testId, value);
  fireEvent.blur(screen.getByTestId(testId));
};

// Seen: weight 150 became 100 without a word. Out-of-range numbers stay as typed and the form
// says the range; nothing is sent until they are fixed.
describe('origin policy number fields', () => {
  it('refuses weight 150 with the range message instead of clamping it to 100', async () => {
    const { sent } = renderPolicies({ 'POST /api/origin-policies': (call) => created(call.body) });
    await openList();
    await openCreate();
    type('origin-policy-name', 'weighted');
    type('origin-address-0', '10.0.0.5');
    fireEvent.click(within(screen.getByTestId('origin-policy-lb-method')).getByText('Weight'));
    await screen.findByTestId('origin-weight-0');
    typeAndLeave('origin-weight-0', '150');
    click('origin-policy-submit');
    expect(await screen.findByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect((screen.getByTestId('origin-weight-0') as HTMLInputElement).value).toBe('150');
    expect(sent('POST', '/api/origin-policies')).toHaveLength(0);

    typeAndLeave('origin-weight-0', '100');
    click('origin-policy-submit');
    await screen.findByTestId('origin-policy-created');
    expect(sent('POST', '/api/origin-policies')[0]?.body).toMatchObject({
      origins: [{ address: '10.0.0.5', weight: 100 }],
    });
  });

  it('refuses health-check numbers out of the shared range, and fractions, as typed', async () => {
    const { sent } = renderPolicies();
    await openList();
    await openCreate();
    type('origin-policy-name', 'probe');
    type('origin-address-0', '10.0.0.5');
    typeAndLeave('origin-policy-hc-interval', '0');
    typeAndLeave('origin-policy-hc-fail', '2.5');
    typeAndLeave('origin-policy-hc-timeout', '70000');
    click('origin-policy-submit');
    expect(await screen.findByText('Enter a whole number from 1 to 3600.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 1 to 10.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 50 to 60000.')).toBeTruthy();
    expect((screen.getByTestId('origin-policy-hc-interval') as HTMLInputElement).value).toBe('0');
    expect((screen.getByTestId('origin-policy-hc-fail') as HTMLInputElement).value).toBe('2.5');
    await waitFor(() => expect(sent('POST', '/api/origin-policies')).toHaveLength(0));
  });
});
