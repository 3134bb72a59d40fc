import { CertsPage } from './components/certs-page';

/** /certs: SSL/TLS certificates (issue 5). */
export const Component = CertsPage;
