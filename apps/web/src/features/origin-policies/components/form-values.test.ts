import { createOriginPolicySchema, HEALTH_CHECK_DEFAULTS } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { formFieldOf, initialFormValues, toPolicyInput, type PolicyFormValues } from './form-values';

const form = (extra: Partial<PolicyFormValues> = {}): PolicyFormValues => ({
  ...initialFormValues('acme'),
  policyName: ' web_pool ',
  origins: [{ address: ' 10.0.0.1 ', weight: 1, backup: false, enabled: true }],
  ...extra,
});

describe('policy form values', () => {
  it('start from the shared schema defaults, with one empty origin', () => {
    const values = initialFormValues('acme');
    expect(values).toMatchObject({
      groupName: 'acme',
      policyName: '',
      region: ['default'],
      loadBalancerMethod: 'ipHash',
      healthCheckInterval: HEALTH_CHECK_DEFAULTS.intervalS,
    });
    expect(values.origins).toEqual([{ address: '', weight: 1, backup: false, enabled: true }]);
  });

  it('send a body the shared create schema accepts, trimmed', () => {
    const input = toPolicyInput(form());
    expect(input.policyName).toBe('web_pool');
    expect(input.origins[0]?.address).toBe('10.0.0.1');
    expect(createOriginPolicySchema.safeParse({ groupName: 'acme', ...input }).success).toBe(true);
  });

  it('send a hidden field only when valid: weights outside the weight method, the path outside HTTP', () => {
    const hidden = toPolicyInput(
      form({
        origins: [{ address: '10.0.0.1', weight: 500, backup: false, enabled: true }],
        healthCheckUri: 'no slash',
        healthCheckHttpCode: [],
      }),
    );
    expect(hidden.origins[0]?.weight).toBe(1);
    expect(hidden.healthCheckUri).toBe('/');
    expect(hidden.healthCheckHttpCode).toEqual(['200-399']);
    const shown = toPolicyInput(
      form({
        loadBalancerMethod: 'weight',
        origins: [{ address: '10.0.0.1', weight: 40, backup: false, enabled: true }],
      }),
    );
    expect(shown.origins[0]?.weight).toBe(40);
  });

  it('fold list items onto their list, keeping origin rows apart', () => {
    expect(formFieldOf('region.1')).toBe('region');
    expect(formFieldOf('healthCheckHttpCode.0')).toBe('healthCheckHttpCode');
    expect(formFieldOf('origins.1.address')).toBe('origins.1.address');
  });
});
