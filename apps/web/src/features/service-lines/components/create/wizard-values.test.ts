import { describe, expect, it } from 'vitest';
import {
  domainsOf,
  initialWizardValues,
  stepOf,
  toCreateBody,
  wizardFieldProblem,
  type WizardValues,
} from './wizard-values';

const values = (over: Partial<WizardValues> = {}): WizardValues => ({
  ...initialWizardValues(),
  customerPackage: 'standard',
  appProfileName: 'shop.example',
  origins: ['10.0.0.1'],
  servername: 'shop.example.com',
  ...over,
});

describe('wizard values', () => {
  it('starts from the shared defaults', () => {
    expect(initialWizardValues()).toMatchObject({
      scheme: ['http'],
      httpPort: [80],
      httpsPort: ['443'],
      portMappingType: 'default',
      originscheme: 'http',
      originPort: 80,
      redirectHttpCode: 302,
    });
  });

  it('sends only what the chosen options show', () => {
    const body = toCreateBody(
      values({ portMappingType: 'static', httpsPort: ['70000'], redirecthttps: true, useHsts: true }),
      'acme',
    );
    expect(body).not.toHaveProperty('originPort');
    expect(body).not.toHaveProperty('httpsPort');
    expect(body).not.toHaveProperty('redirecthttps');
    expect(body).not.toHaveProperty('useHsts');
    expect(
      wizardFieldProblem(values({ portMappingType: 'static', originPort: null }), 'acme', 'originPort'),
    ).toBeUndefined();
  });

  it('reads one domain a line, blanks dropped', () => {
    expect(domainsOf(' a.example.com \r\n\n b.example.com\n')).toEqual(['a.example.com', 'b.example.com']);
  });

  it.each([
    ['appProfileName', { appProfileName: '' }, 'required'],
    ['appProfileName', { appProfileName: 'nodot' }, 'invalid_format'],
    ['customerPackage', { customerPackage: undefined }, 'required'],
    ['origins', { origins: [] }, 'required'],
    ['origins', { origins: ['10.0.0.1', '10.0.0.1'] }, 'duplicate_entry'],
    ['originPort', { originPort: null }, 'required'],
    ['scheme', { scheme: [] }, 'required'],
    ['httpPort', { httpPort: [81] }, 'http_port_not_allowed'],
    ['httpsPort', { scheme: ['http', 'https'], httpsPort: ['5000'] }, 'https_port_not_allowed'],
    ['httpsPort', { scheme: ['http', 'https'], httpsPort: ['80'] }, 'https_port_is_http_port'],
    ['httpsPort', { scheme: ['http', 'https'], httpsPort: ['abc'] }, 'invalid_format'],
    ['servername', { servername: '' }, 'required'],
    ['servername', { servername: 'a.example.com\na.example.com' }, 'duplicate_entry'],
    ['servername', { servername: 'not a domain' }, 'invalid_domain'],
  ] as const)('%s: %j is %s, as the server would say', (field, over, code) => {
    expect(wizardFieldProblem(values(over as Partial<WizardValues>), 'acme', field)).toBe(code);
  });

  it('passes a complete line', () => {
    for (const field of [
      'appProfileName',
      'customerPackage',
      'origins',
      'originPort',
      'scheme',
      'httpPort',
      'servername',
    ] as const)
      expect(wizardFieldProblem(values(), 'acme', field)).toBeUndefined();
  });

  it('knows the step of each field', () => {
    expect(stepOf('origins')).toBe(0);
    expect(stepOf('servername')).toBe(1);
    expect(stepOf('keypairname')).toBeUndefined();
  });
});
