import { expertApplicationsEndpoints as apps, type ExpertApplicationRequest } from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** The public Join-as-Expert form (decision 235). */
export const submitApplication = (body: ExpertApplicationRequest) => call(apps.submit, { body });
