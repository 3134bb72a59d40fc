import { ServiceLinesPage } from './components/service-lines-page';

export { CreateServiceLinePage } from './components/create/create-service-line-page';
export { ServiceOverviewPage } from './components/setting/service-overview-page';

/**
 * /service-lines: the list of service lines; /service-lines/create: the 3-step create wizard;
 * /service/overview/:appProfileName?/:groupName?: one line's settings (spec §2 Service Setting).
 * One area, one chunk.
 */
export const Component = ServiceLinesPage;
