// Telegram and Discord in a news spike on the local stack: users each with one alert on one pair, told by
// Telegram (a chat on the Telegram stand-in) or by Discord (a webhook on the Discord stand-in), fire on one
// forced price. Prints, from that price, when the first and last message reached each stand-in, and the
// rate between them; the stand-ins refuse past Telegram's and Discord's own limits (429), as they would.
// Run: npm run bench:chats [-- --telegram 600 --discord 100]
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { priceDocumentSchema } from '@price-alerts/domain/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type WriteBatch } from 'firebase-admin/firestore';
import { parseArgs } from 'node:util';
import { DISCORD_STAND_IN_URL, TELEGRAM_STAND_IN_URL } from '../../scripts/lib/stack.mjs';
import { countOf, spanOf, type Span } from './spike/population';

const { values } = parseArgs({
  options: { telegram: { type: 'string', default: '600' }, discord: { type: 'string', default: '100' } },
});
const PAIR: CurrencyPair = 'NZD/USD';
const SIMULATOR = 'http://127.0.0.1:8090';
const INGEST = 'http://127.0.0.1:8093';
const TIMEOUT_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const app = initializeApp({ projectId: 'demo-price-alerts' }, 'chat-spike');
const db = getFirestore(app);
let stored = await db.doc(`prices/${pairToSymbol(PAIR)}`).get();
for (let i = 0; !stored.exists && i < 60; i++) {
  await sleep(500);
  stored = await db.doc(`prices/${pairToSymbol(PAIR)}`).get();
}
const level = Number((priceDocumentSchema.parse(stored.data()).ask * 1.05).toFixed(5));
const tag = `chats-${Date.now()}`;
const counts = { telegram: Number(values.telegram), discord: Number(values.discord) };
console.log(`Chat spike: ${counts.telegram} Telegram and ${counts.discord} Discord users, one alert each on ${PAIR}`);

const writes: ((b: WriteBatch) => void)[] = [];
const alert = (uid: string, chosen: { telegram?: boolean; discord?: boolean }) => (b: WriteBatch) =>
  b.set(db.collection(`users/${uid}/alerts`).doc(), {
    userId: uid,
    currencyPair: PAIR,
    alertType: 'Price rising above',
    triggerPrice: level,
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: false, push: false, ...chosen },
    createdAt: FieldValue.serverTimestamp(),
  });
const chatNames = new Set<string>();
for (let i = 0; i < counts.telegram; i++) {
  const uid = `${tag}-t${i}`;
  const name = `${tag}-t${i}`;
  chatNames.add(name);
  // A person who pressed Start (no code: the bench links the chat as the bot's webhook would).
  const { chat } = await post<{ chat: { id: number } }>(`${TELEGRAM_STAND_IN_URL}/control/start`, { first_name: name });
  const linked = { state: 'linked', chatId: chat.id, chatName: name, linkedAt: Date.now() };
  writes.push((b) => b.set(db.doc(`users/${uid}`), { telegram: linked }));
  writes.push((b) => b.set(db.doc(`telegramChats/${chat.id}`), { userId: uid, linkedAt: Date.now() }));
  writes.push(alert(uid, { telegram: true }));
}
const channels = new Set<string>();
for (let i = 0; i < counts.discord; i++) {
  const uid = `${tag}-d${i}`;
  const channel = `${tag}-d${i}`;
  channels.add(channel);
  const hook = await post<{ id: string; url: string }>(`${DISCORD_STAND_IN_URL}/control/webhooks`, { channel });
  writes.push((b) => b.set(db.doc(`users/${uid}`), { discord: { state: 'linked', webhookId: hook.id, since: 0 } }));
  writes.push((b) => b.set(db.doc(`discordWebhooks/${uid}`), { url: hook.url, since: 0 }));
  writes.push(alert(uid, { discord: true }));
}
for (let i = 0; i < writes.length; i += 300) {
  const batch = db.batch();
  for (const write of writes.slice(i, i + 300)) write(batch);
  await batch.commit();
}
const alerts = counts.telegram + counts.discord;
// Measured behind no backlog: every creation recorded, and the ingest's index holding every alert.
const history = db.collectionGroup('history').where('type', '==', 'created');
while ((await countOf(history)) < alerts) await sleep(2_000);
for (let tries = 0; ; tries++) {
  const res = await fetch(`${INGEST}/health`).catch(() => undefined);
  const health = (await res?.json()) as { gate?: { ready: boolean; alerts: number } } | undefined;
  if (health?.gate?.ready && health.gate.alerts >= alerts) break;
  if (tries > 600) throw new Error('the ingest never held the alerts');
  await sleep(500);
}

interface Chat {
  first_name: string;
  messages: { from: { is_bot: boolean }; text: string }[];
}
interface Guild {
  channels: { name: string; messages: unknown[] }[];
}
const start = Date.now();
await post(`${SIMULATOR}/control/price`, { pair: PAIR, ask: Number((level * 1.01).toFixed(5)) });
// The bench polls the stand-ins and keeps when it first saw each chat's alert (to the poll's 250 ms); a
// bare Start got the bot's 'how to connect' answer, which is not the alert.
const seen = { telegram: new Map<string, number>(), discord: new Map<string, number>() };
while (Date.now() - start < TIMEOUT_MS) {
  await sleep(250);
  const [chats, guild] = await Promise.all([
    fetch(`${TELEGRAM_STAND_IN_URL}/control/chats`).then((r) => r.json() as Promise<Chat[]>),
    fetch(`${DISCORD_STAND_IN_URL}/control/channels`).then((r) => r.json() as Promise<Guild>),
  ]);
  for (const c of chats)
    if (
      chatNames.has(c.first_name) &&
      !seen.telegram.has(c.first_name) &&
      c.messages.some((m) => m.from.is_bot && m.text.startsWith(PAIR))
    )
      seen.telegram.set(c.first_name, Date.now());
  for (const c of guild.channels)
    if (channels.has(c.name) && c.messages.length && !seen.discord.has(c.name)) seen.discord.set(c.name, Date.now());
  if (seen.telegram.size >= counts.telegram && seen.discord.size >= counts.discord) break;
}
const line = (name: string, span: Span, of: number) => {
  const rate = span.count > 1 && span.last > span.first ? (span.count - 1) / (span.last - span.first) : NaN;
  console.log(
    `  ${name}: ${span.count} of ${of}, first ${span.first.toFixed(1)} s, last ${span.last.toFixed(1)} s` +
      (Number.isFinite(rate) ? `, ${rate.toFixed(1)} a second between` : ''),
  );
};
console.log('\n=== chat spike: from the forced price');
line('Telegram messages', spanOf([...seen.telegram.values()], start), counts.telegram);
line('Discord posts    ', spanOf([...seen.discord.values()], start), counts.discord);
await post(`${SIMULATOR}/control/price`, { pair: PAIR, ask: Number((level / 1.06).toFixed(5)) });
await deleteApp(app);
process.exit(seen.telegram.size >= counts.telegram && seen.discord.size >= counts.discord ? 0 : 1);
