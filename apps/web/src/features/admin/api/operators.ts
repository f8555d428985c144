import { operatorsEndpoints, type OperatorCreateRequest, type OperatorUpdateRequest } from '@assay/shared';
import { call } from '../../../lib/api.ts';
import { asOperator } from '../lib/admin-api.ts';

/** GET /admin/operators and POST /admin/operators: the named operator accounts (decision 190). */
export const fetchOperators = () => asOperator((authorization) => call(operatorsEndpoints.operators, { authorization }));
export const createOperator = (body: OperatorCreateRequest) =>
  asOperator((authorization) => call(operatorsEndpoints.createOperator, { body, authorization }));
/** PATCH /admin/operators/{id}: another operator's public name and/or a new password (decision 208). */
export const updateOperator = (id: string, body: OperatorUpdateRequest) =>
  asOperator((authorization) => call(operatorsEndpoints.updateOperator, { params: { id }, body, authorization }));
/** DELETE /admin/operators/{id}: removes another operator's account. */
export const removeOperator = (id: string) =>
  asOperator((authorization) => call(operatorsEndpoints.removeOperator, { params: { id }, authorization }));
