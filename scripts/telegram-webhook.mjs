// `npm run telegram:webhook -- <url>`: tells Telegram where the bot's updates go (the deployed
// telegramWebhook function) and the secret they carry, and prints Telegram's answer. Once per project,
// and again whenever the bot's token or TELEGRAM_WEBHOOK_SECRET changes (docs/deploy.md).
//   TELEGRAM_BOT_TOKEN       the bot's token from @BotFather
//   TELEGRAM_WEBHOOK_SECRET  the same value as the functions' secret of that name
//   <url> or TELEGRAM_WEBHOOK_URL  the function's https URL, e.g.
//                            https://us-central1-<project-id>.cloudfunctions.net/telegramWebhook
import { setTelegramWebhook } from './lib/telegram-webhook.mjs';

const token = process.env.TELEGRAM_BOT_TOKEN ?? '';
const secret = process.env.TELEGRAM_WEBHOOK_SECRET ?? '';
const url = process.argv[2] ?? process.env.TELEGRAM_WEBHOOK_URL ?? '';

const problems = [
  !/^\d+:[A-Za-z0-9_-]+$/.test(token) && 'TELEGRAM_BOT_TOKEN is not a bot token (<bot id>:<secret>)',
  !/^[A-Za-z0-9_-]{16,256}$/.test(secret) && 'TELEGRAM_WEBHOOK_SECRET is not 16 to 256 of A-Za-z0-9_-',
  !/^https:\/\/\S+$/.test(url) && "the function's https URL is missing: pass it, or set TELEGRAM_WEBHOOK_URL",
].filter(Boolean);
if (problems.length) {
  console.error(`${problems.join('\n')}\nUsage: npm run telegram:webhook -- https://…/telegramWebhook`);
  process.exit(2);
}

try {
  const answer = await setTelegramWebhook({ token, url, secret });
  console.log(`Telegram answered: ${JSON.stringify(answer)}`);
  console.log(`Updates now go to ${url}.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
