import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, TEST_USER } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent;

function fill(oldPassword: string, newPassword: string, repeat: string) {
  fireEvent.change(screen.getByTestId('old-password'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByTestId('new-password'), { target: { value: newPassword } });
  fireEvent.change(screen.getByTestId('repeat-password'), { target: { value: repeat } });
  fireEvent.click(screen.getByTestId('change-password-submit'));
}

describe('change password tab', () => {
  it('refuses the same password locally, shows PASSWORD_INCORRECT on the old field, then saves', async () => {
    let attempt = 0;
    const { sent } = renderApp('/user/change-password', {
      'GET /api/user': () => json(200, TEST_USER),
      'POST /api/user/change-password': () =>
        ++attempt === 1 ? json(400, { code: 'PASSWORD_INCORRECT', message: 'x' }) : json(200, { ok: true }),
    });
    await screen.findByTestId('old-password');
    fill('correct-horse', 'correct-horse', 'correct-horse');
    await waitFor(() => expect(fieldError('new-password')).toBe('The new password must differ from the current one.'));
    expect(sent('POST', '/api/user/change-password')).toHaveLength(0);

    fill('wrong-horse', 'battery-staple', 'battery-staple');
    await waitFor(() => expect(fieldError('old-password')).toBe('The current password is incorrect.'));
    fill('correct-horse', 'battery-staple', 'battery-staple');
    expect((await screen.findByTestId('password-changed')).textContent).toContain(
      'Your changes have been successfully saved!',
    );
    expect(sent('POST', '/api/user/change-password').map((c) => c.body)).toEqual([
      { oldPassword: 'wrong-horse', newPassword: 'battery-staple' },
      { oldPassword: 'correct-horse', newPassword: 'battery-staple' },
    ]);
  });
});
