// The Telegram stand-in alone (telegramStandIn.ts), on TELEGRAM_STAND_IN_PORT, default 8097; not yet
// started by `npm start`. The bot's token and username can be set as the functions would be given them.
import { LOCAL_BOT, TelegramStandIn } from './telegramStandIn.ts';

const standIn = await TelegramStandIn.start({
  port: Number(process.env.TELEGRAM_STAND_IN_PORT ?? 8097),
  token: process.env.TELEGRAM_BOT_TOKEN ?? LOCAL_BOT.token,
  username: process.env.TELEGRAM_BOT_USERNAME ?? LOCAL_BOT.username,
});
console.log(`Telegram stand-in listening on ${standIn.url} (Bot API at ${standIn.url}/bot<token>/<method>)`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
