/**
 * Telling the user: deliveries, the digest of quiet hours, the email, push, Telegram and Discord messages, push
 * tokens, and hints.
 */
export * from './tokens.ts';
export * from './push.ts';
export * from './deliveries.ts';
export * from './alertMessages.ts';
export * from './emailTemplate.ts';
export * from './quietHours.ts';
export * from './digests.ts';
export * from './digestMessages.ts';
export * from './groupedNotice.ts';
export * from './notifyHints.ts';
export * from './noticeCondition.ts';
export * from './webhooks.ts';
export * from './webhookBudget.ts';
export * from './telegram.ts';
export * from './discord.ts';
export * from './chatChannels.ts';
export * from './chatPacing.ts';
