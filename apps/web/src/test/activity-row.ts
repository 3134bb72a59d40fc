import { dashboardActivityRowSchema, type DashboardActivityRow } from '@parapet/shared';

/**
 * A request the firewall blocked, as the dashboard's activity log lists it: a login page denied
 * by a rule. Tests name what they read (its id, time, rule); the rest is a plausible default.
 */
export const blockedRequest = (
  fields: Pick<DashboardActivityRow, 'req_id' | 'timestamp'> & Partial<DashboardActivityRow>,
): DashboardActivityRow =>
  dashboardActivityRowSchema.parse({
    server_name: 'shop.example.com',
    client_ip: '203.0.113.7',
    country: 'DE',
    method: 'GET',
    uri: '/login.php',
    status: 403,
    action: '01',
    type: '01',
    rule: 'block-login',
    reason: 'wafUri: ^/login',
    ...fields,
  });
