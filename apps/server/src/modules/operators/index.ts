export { audit, auditExpert } from '../../lib/audit.ts';
export { ensureFirstOperator, type FirstOperatorResult } from './ensure-first-operator.ts';
export { operatorsRoutes } from './operators.routes.ts';
export type { OperatorAuth } from '../../http/operator-guard.ts';
