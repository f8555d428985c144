export { usersRoutes } from './users.routes.ts';
export { findUserByEmail, findUserById } from './find-user.ts';
export { toUserView, USER_COLUMNS, type UserRow } from './user-view.ts';
