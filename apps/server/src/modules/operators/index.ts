export { audit } from './audit.ts';
export { ensureFirstOperator, type FirstOperatorResult } from './ensure-first-operator.ts';
export { operatorsRoutes } from './operators.routes.ts';
export { operator, parseBasicAuthorization, requireOperator, type OperatorAuth } from './require-operator.ts';
