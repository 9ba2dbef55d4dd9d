// The local stack's sinks: mail (mailSink.ts) on MAIL_SINK_PORT, default 8092, and webhooks
// (webhookSink.ts) on WEBHOOK_SINK_PORT, default 8096. One process: they are small and start together.
import { startMailSink } from './mail/mailSink.ts';
import { startWebhookSink } from './webhooks/webhookSink.ts';

const sink = await startMailSink(Number(process.env.MAIL_SINK_PORT ?? 8092));
const hooks = await startWebhookSink(Number(process.env.WEBHOOK_SINK_PORT ?? 8096));
console.log(`Mail sink listening on ${sink.url}`);
console.log(`Webhook sink listening on ${hooks.url}`);
const stop = () => void Promise.all([sink.close(), hooks.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
