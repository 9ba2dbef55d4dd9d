// The local stand-in for Cloud Run's load balancer in front of the relays (`npm start` only).
import { z } from 'zod';
import { startRelayBalancer } from './relayBalancer.ts';

const env = z
  .object({
    PORT: z.coerce.number().int().default(8091),
    HOST: z.string().default('127.0.0.1'),
    RELAY_PORTS: z
      .string({ error: 'is required (the relays’ ports, comma-separated)' })
      .transform((s) => s.split(',').map(Number))
      .pipe(z.array(z.number().int().positive()).min(1)),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(
    `Relay balancer configuration: ${env.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
  );
  process.exit(1);
}
const balancer = await startRelayBalancer({ port: env.data.PORT, host: env.data.HOST, relays: env.data.RELAY_PORTS });
console.log(`Relay balancer listening on ${balancer.port}, relays ${env.data.RELAY_PORTS.join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void balancer.close().then(() => process.exit(0)));
