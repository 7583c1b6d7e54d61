export * from './academics.ts';
export * from './institutes.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './home.ts';
export * from './products.ts';
export * from './settings.ts';
export * from './assignments.ts';
