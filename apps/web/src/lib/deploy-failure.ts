import { isDeployFailureCode } from '@parapet/shared';
import { i18n } from './i18n';

/**
 * A failed deployment's reason in the user's language. The server stores a code
 * (`DEPLOY_FAILURE_CODES`); items that failed before it did keep their English sentence, shown
 * as it is.
 */
export function deployFailureText(lastError: string): string {
  return isDeployFailureCode(lastError) ? i18n.t(`common:deployFailure.${lastError}`) : lastError;
}
