// What other areas may use of auth: who a user is. Its contract is public on its own (auth.contract.ts).
export * from './user-types.ts';
