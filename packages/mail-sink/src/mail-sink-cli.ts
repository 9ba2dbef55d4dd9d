// The local stack's mail sink (see mailSink.ts); port from MAIL_SINK_PORT, default 8092.
import { startMailSink } from './mailSink.ts';

const port = Number(process.env.MAIL_SINK_PORT ?? 8092);
const sink = await startMailSink(port);
console.log(`Mail sink listening on ${sink.url}`);
const stop = () => void sink.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
