import { operatorsEndpoints, type OperatorCreateRequest } from '@assay/shared';
import { call } from '../../../lib/api.ts';
import { asOperator } from '../lib/admin-api.ts';

/** GET /admin/operators and POST /admin/operators: the named operator accounts (decision 190). */
export const fetchOperators = () => asOperator((authorization) => call(operatorsEndpoints.operators, { authorization }));
export const createOperator = (body: OperatorCreateRequest) =>
  asOperator((authorization) => call(operatorsEndpoints.createOperator, { body, authorization }));
