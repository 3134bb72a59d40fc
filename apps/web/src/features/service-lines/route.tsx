import { ServiceLinesPage } from './components/service-lines-page';
import { CreateServiceLinePage } from './components/create-service-line-page';

/** /service-lines: the list of service lines (issue 6). */
export const Component = ServiceLinesPage;

/** /service-lines/create: the 3-step create wizard. */
export { CreateServiceLinePage };
