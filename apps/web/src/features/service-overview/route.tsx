import { ServiceOverviewPage } from './components/service-overview-page';

/** /service/overview/:appProfileName?/:groupName?: one service line's settings (spec §2 Service Setting). */
export const Component = ServiceOverviewPage;
