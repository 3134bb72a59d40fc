import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/render-app';
import { click, LINE, openLine, renderLine } from './service-overview.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const result = (domain: string, ok: boolean) => ({
  domain,
  cname: ok ? LINE.cnameto : 'elsewhere.example.org',
  ok,
  error: null,
});
const checkWith = async (results: ReturnType<typeof result>[]) => {
  renderLine('groupName=acme', { 'POST /api/validate/checkcname': () => json(200, { target: LINE.cnameto, results }) });
  await openLine();
  click('check-cname');
  await screen.findByTestId('check-cname-target');
};

describe('Check CNAME', () => {
  it('says "Verification Successful" when every domain points at the line', async () => {
    await checkWith(LINE.servername.map((d) => result(d, true)));
    expect((await screen.findByTestId('check-cname-verified')).textContent).toContain('Verification Successful');
  });

  it('says nothing of the kind while one domain points elsewhere', async () => {
    await checkWith(LINE.servername.map((d, i) => result(d, i > 0)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('check-cname-verified')).toBeNull();
  });
});
