import type admin from './en-US/admin.json';
import type auth from './en-US/auth.json';
import type certs from './en-US/certs.json';
import type charts from './en-US/charts.json';
import type common from './en-US/common.json';
import type dashboard from './en-US/dashboard.json';
import type display from './en-US/display.json';
import type errors from './en-US/errors.json';
import type eventFilters from './en-US/eventFilters.json';
import type events from './en-US/events.json';
import type fieldErrors from './en-US/fieldErrors.json';
import type htmlPages from './en-US/htmlPages.json';
import type ingestTokens from './en-US/ingestTokens.json';
import type nav from './en-US/nav.json';
import type originPolicies from './en-US/originPolicies.json';
import type plans from './en-US/plans.json';
import type profile from './en-US/profile.json';
import type serviceLines from './en-US/serviceLines.json';
import type wafRules from './en-US/wafRules.json';
import type wafTester from './en-US/wafTester.json';

// Typed keys: t('nav:menu.certs') is checked at compile time against the English files, and
// the locale test checks the other languages have the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      auth: typeof auth;
      certs: typeof certs;
      charts: typeof charts;
      common: typeof common;
      dashboard: typeof dashboard;
      display: typeof display;
      errors: typeof errors;
      eventFilters: typeof eventFilters;
      events: typeof events;
      fieldErrors: typeof fieldErrors;
      htmlPages: typeof htmlPages;
      ingestTokens: typeof ingestTokens;
      nav: typeof nav;
      originPolicies: typeof originPolicies;
      plans: typeof plans;
      profile: typeof profile;
      serviceLines: typeof serviceLines;
      wafRules: typeof wafRules;
      wafTester: typeof wafTester;
    };
  }
}
