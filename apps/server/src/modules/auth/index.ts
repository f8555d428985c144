export { authRoutes, REFRESH_COOKIE } from './auth.routes.ts';
export { member, requireMember, type MemberAuth } from './authenticate.ts';
export { accountActivated } from './account-activated.ts';
