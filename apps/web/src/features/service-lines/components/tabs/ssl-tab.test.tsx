import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type ApiHandlers } from '@/test/render-app';
import {
  click,
  confirmTitle,
  enterTag,
  formItemOf,
  LINE,
  pickOption,
  renderLine,
  UPDATE_PATH,
} from '../setting/service-overview.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const NOT_COVERING = {
  code: 'CERT_NOT_COVERING',
  message: 'x',
  details: {
    uncovered: [{ appProfileName: LINE.appProfileName, domains: ['api.shop.example.com', 'img.shop.example.com'] }],
  },
};

/** Opens the SSL/TLS form, turns the system certificate off, picks shop_cert, and saves. */
async function chooseCertAndSave(answer: ApiHandlers[string]) {
  const rendered = renderLine('groupName=acme&tab=ssl', { [`POST ${UPDATE_PATH}`]: answer });
  await screen.findByTestId('tab-edit-ssl');
  click('tab-edit-ssl');
  await screen.findByTestId('tab-save-ssl');
  click('field-useSystemCert');
  await screen.findByTestId('field-keypairname');
  await pickOption('field-keypairname', 'shop_cert');
  click('tab-save-ssl');
  expect(await confirmTitle()).toBe('Are you sure want to proceed?');
  click('confirm-ok');
  return rendered;
}

describe('SSL/TLS: a certificate that does not cover every domain of the line', () => {
  it('asks, naming the uncovered domains; OK saves again with the confirmation', async () => {
    const { sent } = await chooseCertAndSave((call) =>
      (call.body as { confirmUncovered?: boolean }).confirmUncovered
        ? json(200, { taskNo: 'task-1' })
        : json(409, NOT_COVERING),
    );
    await screen.findByTestId('uncovered-confirm');
    expect(screen.getByTestId(`uncovered-line-${LINE.appProfileName}`).textContent).toBe(
      `${LINE.appProfileName}: api.shop.example.com, img.shop.example.com`,
    );
    click('uncovered-confirm-ok');
    await screen.findByTestId('service-line-updated');
    const posts = sent('POST', UPDATE_PATH);
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).not.toHaveProperty('confirmUncovered');
    expect(posts[1]?.body).toMatchObject({
      useSystemCert: false,
      keypairname: 'shop_cert',
      version: LINE.version,
      confirmUncovered: true,
    });
  });

  it('Cancel sends nothing more and keeps the form', async () => {
    const { sent } = await chooseCertAndSave(() => json(409, NOT_COVERING));
    await screen.findByTestId('uncovered-confirm');
    click('uncovered-confirm-cancel');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent('POST', UPDATE_PATH)).toHaveLength(1);
    expect(screen.getByTestId('tab-save-ssl')).toBeTruthy();
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
  });
});

describe('SSL/TLS: errors about one port name it', () => {
  it('a port typed out of range is named in the message, before anything is sent', async () => {
    const { sent } = renderLine('groupName=acme&tab=ssl');
    await screen.findByTestId('tab-edit-ssl');
    click('tab-edit-ssl');
    await screen.findByTestId('tab-save-ssl');
    enterTag('field-httpsPort', '5000');
    click('tab-save-ssl');
    await waitFor(() =>
      expect(formItemOf('field-httpsPort').textContent).toContain(
        '5000: Port Out Of Range: HTTPS ports can be 443, 1001–4999, 6001–32767.',
      ),
    );
    expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it("the server's error about one port names that port", async () => {
    renderLine('groupName=acme&tab=ssl', {
      [`POST ${UPDATE_PATH}`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: { 'httpPort.0': 'http_port_not_allowed' },
        }),
    });
    await screen.findByTestId('tab-edit-ssl');
    click('tab-edit-ssl');
    await screen.findByTestId('tab-save-ssl');
    click('tab-save-ssl');
    expect(await confirmTitle()).toBe('Are you sure want to proceed?');
    click('confirm-ok');
    await waitFor(() =>
      expect(formItemOf('field-httpPort').textContent).toContain(`${LINE.httpPort[0]}: HTTP ports can only be`),
    );
  });
});
