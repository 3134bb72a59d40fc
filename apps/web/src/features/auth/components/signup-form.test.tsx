import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

function fill(values: { email: string; username: string; password: string; confirm: string }) {
  fireEvent.change(screen.getByTestId('signup-email'), { target: { value: values.email } });
  fireEvent.change(screen.getByTestId('signup-username'), { target: { value: values.username } });
  fireEvent.change(screen.getByTestId('signup-password'), { target: { value: values.password } });
  fireEvent.change(screen.getByTestId('signup-confirm'), { target: { value: values.confirm } });
  fireEvent.click(screen.getByTestId('signup-submit'));
}

/** The error antd shows under the field holding `testId`. */
const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent;

describe('sign up', () => {
  it('refuses a repeated password that does not match, without calling the server', async () => {
    const { sent } = renderApp('/signup');
    await screen.findByTestId('signup-page');
    fill({ email: 'ada@example.com', username: 'ada', password: 'correct-horse', confirm: 'correct-hors' });
    await waitFor(() => expect(fieldError('signup-confirm')).toBe('The passwords do not match.'));
    expect(fieldError('signup-email')).toBeFalsy();
    expect(sent('POST', '/api/user/signup')).toHaveLength(0);
  });

  it('shows EMAIL_TAKEN under the email field', async () => {
    const { sent } = renderApp('/signup', {
      'POST /api/user/signup': () => json(409, { code: 'EMAIL_TAKEN', message: 'This email address is already used.' }),
    });
    await screen.findByTestId('signup-page');
    fill({ email: 'ada@example.com', username: 'ada', password: 'correct-horse', confirm: 'correct-horse' });
    await waitFor(() => expect(fieldError('signup-email')).toBe('This email address is already used.'));
    expect(sent('POST', '/api/user/signup')[0]?.body).toEqual({
      email: 'ada@example.com',
      username: 'ada',
      password: 'correct-horse',
    });
  });

  it('shows the fields of a VALIDATION_FAILED answer, then the confirmation message on success', async () => {
    let attempt = 0;
    renderApp('/signup', {
      'POST /api/user/signup': () =>
        ++attempt === 1
          ? json(400, { code: 'VALIDATION_FAILED', message: 'x', fields: { password: 'common_password' } })
          : json(201, { ok: true }),
    });
    await screen.findByTestId('signup-page');
    fill({ email: 'ada@example.com', username: 'ada', password: 'password1', confirm: 'password1' });
    await waitFor(() => expect(fieldError('signup-password')).toContain('one of the most common'));
    fill({ email: 'ada@example.com', username: 'ada', password: 'correct-horse', confirm: 'correct-horse' });
    expect((await screen.findByTestId('signup-success')).textContent).toContain('A confirmation mail has been sent');
  });
});
