// The local stack's sinks and channel stand-ins, one process (they are small and start together): mail
// (mailSink.ts) on MAIL_SINK_PORT, default 8092; webhooks (webhookSink.ts) on WEBHOOK_SINK_PORT, default 8096;
// Telegram's Bot API and its people (telegram/telegramStandIn.ts) on TELEGRAM_STAND_IN_PORT, default 8097;
// Discord's webhooks (discord/discordStandIn.ts) on DISCORD_STAND_IN_PORT, default 8098.
import { DiscordStandIn } from './discord/discordStandIn.ts';
import { startMailSink } from './mail/mailSink.ts';
import { LOCAL_BOT, TelegramStandIn } from './telegram/telegramStandIn.ts';
import { startWebhookSink } from './webhooks/webhookSink.ts';

const sink = await startMailSink(Number(process.env.MAIL_SINK_PORT ?? 8092));
const hooks = await startWebhookSink(Number(process.env.WEBHOOK_SINK_PORT ?? 8096));
const telegram = await TelegramStandIn.start({
  port: Number(process.env.TELEGRAM_STAND_IN_PORT ?? 8097),
  token: process.env.TELEGRAM_BOT_TOKEN ?? LOCAL_BOT.token,
  username: process.env.TELEGRAM_BOT_USERNAME ?? LOCAL_BOT.username,
});
const discord = await DiscordStandIn.start({ port: Number(process.env.DISCORD_STAND_IN_PORT ?? 8098) });
console.log(`Mail sink listening on ${sink.url}`);
console.log(`Webhook sink listening on ${hooks.url}`);
console.log(`Telegram stand-in listening on ${telegram.url} (Bot API at ${telegram.url}/bot<token>/<method>)`);
console.log(`Discord stand-in listening on ${discord.url}`);
const stop = () =>
  void Promise.all([sink.close(), hooks.close(), telegram.close(), discord.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
