/** The texts of the screens and toasts, word for word. */
export * from './messages.ts';
export * from './dashboardTexts.ts';
export * from './alertTypeHelp.ts';
