import { describe, expect, it } from 'vitest';
import { ORIGIN_WEIGHT_MAX, ORIGIN_WEIGHT_MIN } from '../constants.js';
import { isOriginAddress, originPolicyInputSchema } from './origin-policies.js';

const codes = (input: unknown) => {
  const result = originPolicyInputSchema.safeParse(input);
  const found: Record<string, string> = {};
  // The first problem of each field, as the server reports it.
  if (!result.success)
    for (const i of result.error.issues) found[i.path.join('.')] ??= i.code === 'custom' ? i.message : i.code;
  return found;
};
const policy = (over: Record<string, unknown> = {}) => ({
  policyName: 'web_pool',
  origins: [{ address: '10.0.0.1' }],
  ...over,
});

describe('origin addresses', () => {
  it.each([
    '10.0.0.1',
    '10.0.0.1:8080',
    'origin.example.com',
    'origin.example.com:8443',
    '2001:db8::1',
    '[2001:db8::1]:443',
    'localhost',
  ])('accepts %s', (value) => {
    expect(isOriginAddress(value)).toBe(true);
  });
  it.each([
    '10.0.0.256',
    '10.0.0',
    'http://origin.example.com',
    'origin example.com',
    '-bad.example.com',
    'origin.example.com:0',
    'origin.example.com:65535',
    '[::1',
    '2001:db8::1:443x',
    '',
  ])('refuses %j', (value) => {
    expect(isOriginAddress(value)).toBe(false);
  });
});

describe('an origin policy', () => {
  it('takes the documented defaults', () => {
    expect(originPolicyInputSchema.parse(policy())).toMatchObject({
      region: ['default'],
      loadBalancerMethod: 'ipHash',
      loadBalancerSticky: false,
      healthCheckMode: 'tcp',
      healthCheckInterval: 10,
      healthCheckTimeout: 500,
      healthCheckSuccess: 2,
      healthCheckFail: 3,
      healthCheckHttpCode: ['200-399'],
      originscheme: 'http',
      portMappingType: 'default',
      origins: [{ address: '10.0.0.1', weight: 1, backup: false, enabled: true }],
    });
  });

  it.each([
    ['no name', policy({ policyName: '' }), { policyName: 'too_small' }],
    ['a name outside its charset', policy({ policyName: 'Web-Pool' }), { policyName: 'invalid_format' }],
    ['a name of 36 characters', policy({ policyName: 'a'.repeat(36) }), { policyName: 'too_big' }],
    ['no origin', policy({ origins: [] }), { origins: 'too_small' }],
    ['no region', policy({ region: [] }), { region: 'too_small' }],
    ['a region that is no country', policy({ region: ['XYZ'] }), { 'region.0': 'invalid_format' }],
    ['the same region twice', policy({ region: ['TW', 'TW'] }), { 'region.1': 'duplicate_entry' }],
    [
      'an invalid origin address',
      policy({ origins: [{ address: '300.1.1.1' }] }),
      { 'origins.0.address': 'invalid_origin_address' },
    ],
    [
      'the same origin twice',
      policy({ origins: [{ address: 'A.example.com' }, { address: 'a.example.com' }] }),
      { 'origins.1.address': 'duplicate_entry' },
    ],
    [
      `weight ${ORIGIN_WEIGHT_MIN - 1}`,
      policy({ origins: [{ address: '10.0.0.1', weight: ORIGIN_WEIGHT_MIN - 1 }] }),
      { 'origins.0.weight': 'too_small' },
    ],
    [
      `weight ${ORIGIN_WEIGHT_MAX + 1}`,
      policy({ origins: [{ address: '10.0.0.1', weight: ORIGIN_WEIGHT_MAX + 1 }] }),
      { 'origins.0.weight': 'too_big' },
    ],
    ['an unknown method', policy({ loadBalancerMethod: 'random' }), { loadBalancerMethod: 'invalid_value' }],
    ['a health-check path without /', policy({ healthCheckUri: 'health' }), { healthCheckUri: 'invalid_format' }],
  ])('refuses %s', (_label, input, expected) => {
    expect(codes(input)).toEqual(expected);
  });

  it(`accepts weights ${ORIGIN_WEIGHT_MIN} and ${ORIGIN_WEIGHT_MAX}, and reports every bad field at once`, () => {
    expect(
      codes(
        policy({
          origins: [
            { address: '10.0.0.1', weight: ORIGIN_WEIGHT_MIN },
            { address: '10.0.0.2', weight: ORIGIN_WEIGHT_MAX },
          ],
        }),
      ),
    ).toEqual({});
    expect(Object.keys(codes(policy({ policyName: 'X', origins: [{ address: 'bad address' }], region: [] })))).toEqual(
      expect.arrayContaining(['policyName', 'origins.0.address', 'region']),
    );
  });
});
