/** Accounts: the rules of the account forms, and the name the app greets the user by. */
export * from './names.ts';
export * from './accountRules.ts';
