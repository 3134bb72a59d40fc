import { act, render } from '@testing-library/react';
import { TOAST_DURATION_MS } from '@parapet/shared';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from './query-client';
import { useToast } from './toast';

function Toaster({ text }: { text: string }) {
  const toast = useToast();
  useEffect(() => toast.success(text), [toast, text]);
  return null;
}

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it(`appear at the bottom right and start leaving after ${TOAST_DURATION_MS} ms`, async () => {
    vi.useFakeTimers();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Toaster text="Saved!" />
      </AppProviders>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(100));
    const box = document.querySelector('.ant-notification-bottomRight');
    expect(box?.textContent).toContain('Saved!');

    const notice = () => document.querySelector('.ant-notification-bottomRight .ant-notification-notice');
    await act(async () => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 500));
    expect(notice()?.className).not.toContain('fade-leave');

    await act(async () => vi.advanceTimersByTimeAsync(2000));
    // The notice starts its leave animation (happy-dom never ends CSS animations, so it stays in the DOM).
    expect(notice()?.className).toContain('fade-leave');
  });
});
