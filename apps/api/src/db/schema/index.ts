export * from './academics.ts';
export * from './institutes.ts';
export * from './users.ts';
export * from './auth.ts';
