import { AVATAR_MAX_BYTES } from '@parapet/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, TEST_USER } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const choose = (file: File) => fireEvent.change(screen.getByTestId('avatar-upload'), { target: { files: [file] } });

describe('profile tab', () => {
  it('saves the phone number and keeps the answer as the current user', async () => {
    const { sent, queryClient } = renderApp('/user/profile', {
      'GET /api/user': () => json(200, TEST_USER),
      'PUT /api/user/profile': () => json(200, { ...TEST_USER, phoneNumber: '+1 555 0100' }),
    });
    expect((await screen.findByTestId('profile-username')).textContent).toBe('ada');
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.com');
    fireEvent.change(screen.getByTestId('profile-phone'), { target: { value: ' +1 555 0100 ' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('profile-saved')).textContent).toContain(
      'Your changes have been successfully saved!',
    );
    expect(sent('PUT', '/api/user/profile')[0]?.body).toEqual({ phoneNumber: '+1 555 0100' });
    expect(queryClient.getQueryData(['user', 'current'])).toMatchObject({ phoneNumber: '+1 555 0100' });
  });

  it('refuses a picture of another type or too large, uploads a PNG as multipart and shows it', async () => {
    const { sent } = renderApp('/user/profile', {
      'GET /api/user': () => json(200, TEST_USER),
      'POST /api/user/set-user-avatar': () => json(200, { ...TEST_USER, hasAvatar: true }),
    });
    await screen.findByTestId('avatar-placeholder');
    choose(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('avatar-refused')).textContent).toContain('PNG, JPEG or WebP');
    choose(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByTestId('avatar-refused')).toHaveLength(2));
    expect(sent('POST', '/api/user/set-user-avatar')).toHaveLength(0);

    choose(new File(['png'], 'me.png', { type: 'image/png' }));
    expect((await screen.findByTestId('avatar-uploaded')).textContent).toContain('Upload Success');
    const body = sent('POST', '/api/user/set-user-avatar')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('avatar')).toBeInstanceOf(File);
    expect((await screen.findByTestId('avatar-image')).getAttribute('src')).toMatch(/^\/api\/user\/avatar\?v=\d+$/);
    expect(screen.getByTestId('avatar-remove')).toBeTruthy();
  });
});
