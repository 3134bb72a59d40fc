import { act, render, waitFor } from '@testing-library/react';
import { TOAST_DURATION_MS } from '@parapet/shared';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/providers';
import { noteOwnChange, settleOwnTask } from './own-changes';
import { createQueryClient } from './query-client';
import { ApiError, type ApiErrorCode } from './api-client';
import { DeployToasts, failedOnOurSide, useToast, type FailedAction } from './toast';

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
      <TestProviders queryClient={createQueryClient()}>
        <Toaster text="Saved!" />
      </TestProviders>,
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

  it('say "Deploy successfully" once when a deployment of the user\'s own change succeeds, and nothing for others', async () => {
    render(
      <TestProviders queryClient={createQueryClient()}>
        <DeployToasts />
      </TestProviders>,
    );
    const event = { groupName: 'acme', entity: 'service-line' as const, entityId: 'line-1' };
    noteOwnChange({ taskNo: 'own-1' });
    noteOwnChange({ id: 'cert-1', status: 'Deploying' });
    await act(async () => {
      settleOwnTask({ ...event, taskNo: 'someone-else', state: 'succeeded' });
      settleOwnTask({ ...event, taskNo: 'own-1', state: 'running' });
    });
    expect(document.querySelector('[data-testid="toast-deployed"]')).toBeNull();

    await act(async () => settleOwnTask({ ...event, taskNo: 'own-1', state: 'succeeded' }));
    expect(document.querySelectorAll('[data-testid="toast-deployed"]')).toHaveLength(1);
    expect(document.querySelector('[data-testid="toast-deployed"]')?.textContent).toContain('Deploy successfully');
    // Told once: the same task again, or a failed own one, adds nothing.
    noteOwnChange({ taskNo: 'own-2' });
    await act(async () => {
      settleOwnTask({ ...event, taskNo: 'own-1', state: 'succeeded' });
      settleOwnTask({ ...event, taskNo: 'own-2', state: 'failed' });
    });
    expect(document.querySelectorAll('[data-testid="toast-deployed"]')).toHaveLength(1);
    // An item answered while deploying (a certificate) is matched by its id.
    await act(async () =>
      settleOwnTask({ groupName: 'acme', entity: 'cert', entityId: 'cert-1', taskNo: 'task-9', state: 'succeeded' }),
    );
    expect(document.querySelectorAll('[data-testid="toast-deployed"]')).toHaveLength(2);
  });
});

function ApiFailure({ error, action }: { error: unknown; action?: FailedAction }) {
  const toast = useToast();
  useEffect(() => toast.apiError(error, action), [toast, error, action]);
  return null;
}

describe('apiError', () => {
  const shown = async (error: unknown, action?: FailedAction) => {
    const view = render(
      <TestProviders queryClient={createQueryClient()}>
        <ApiFailure error={error} action={action} />
      </TestProviders>,
    );
    const box = await waitFor(() => {
      const found = document.querySelector('[data-testid^="toast-"]');
      if (!found) throw new Error('no toast yet');
      return found;
    });
    const said = { testId: box.getAttribute('data-testid'), text: box.textContent };
    view.unmount();
    document.body.innerHTML = '';
    return said;
  };
  const internal = new ApiError(500, 'INTERNAL', 'boom');
  const deploying = new ApiError(409, 'CERT_DEPLOYING', 'deploying');

  it("says spec §8's words for a create, update or delete that failed on the server's side", async () => {
    expect(await shown(internal, 'create')).toEqual({
      testId: 'toast-create-failed',
      text: 'Failed to create. Please try again',
    });
    expect(await shown(internal, 'update')).toEqual({ testId: 'toast-update-failed', text: 'Update Failed' });
    expect(await shown(new Error('offline'), 'delete')).toEqual({
      testId: 'toast-delete-failed',
      text: 'Failed to delete. Please try again',
    });
  });

  it('gives the reason a delete was refused after "Failed to delete.", and any other refusal as it is', async () => {
    expect(await shown(deploying, 'delete')).toEqual({
      testId: 'toast-delete-failed',
      text: 'Failed to delete. Cert is being deployed. Please try again.',
    });
    expect(await shown(deploying, 'update')).toEqual({
      testId: 'toast-api-error',
      text: 'Cert is being deployed. Please try again.',
    });
    expect(await shown(internal)).toEqual({
      testId: 'toast-api-error',
      text: 'Something went wrong. Please try again.',
    });
  });
});

describe('failedOnOurSide', () => {
  it('counts the server’s and the network’s failures, not the user’s', () => {
    const apiError = (status: number, code: ApiErrorCode) => new ApiError(status, code, code);
    for (const code of ['INTERNAL', 'STORE_UNAVAILABLE', 'EVENT_STORE_BUSY', 'NETWORK_ERROR'] as const) {
      expect(failedOnOurSide(apiError(503, code)), code).toBe(true);
    }
    expect(failedOnOurSide(apiError(400, 'VALIDATION_FAILED'))).toBe(false);
    expect(failedOnOurSide(new Error('boom'))).toBe(true);
  });
});
