export * from './constants.ts';
export * from './messages.ts';
export * from './errors.ts';
export * from './schemas/fields.ts';
export * from './schemas/users.ts';
export * from './schemas/auth.ts';
export * from './report-sections.ts';
