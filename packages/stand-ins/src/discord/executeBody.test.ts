import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordStandIn } from './discordStandIn.ts';
import { execute } from './testClient.ts';

let discord: DiscordStandIn;
let url: string;
beforeAll(async () => {
  // Room for every case of the table in one window.
  discord = await DiscordStandIn.start({ webhookLimit: { requests: 1_000, perMs: 1_000 } });
  url = discord.createWebhook('validation').url;
});
afterAll(() => discord.close());

const long = (n: number) => 'a'.repeat(n);
const error = (code: string, message: string) => ({ _errors: [{ code, message }] });
const maxLength = (n: number) => error('BASE_TYPE_MAX_LENGTH', `Must be ${n} or fewer in length.`);
const required = error('BASE_TYPE_REQUIRED', 'This field is required');

describe('Discord stand-in: Invalid Form Body', () => {
  it.each([
    ['content over 2000', { content: long(2001) }, { content: maxLength(2000) }],
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 'x' })) }, { embeds: maxLength(10) }],
    ['a title over 256', { embeds: [{ title: long(257) }] }, { embeds: { 0: { title: maxLength(256) } } }],
    [
      'a description over 4096',
      { embeds: [{ title: 'x' }, { description: long(4097) }] },
      { embeds: { 1: { description: maxLength(4096) } } },
    ],
    [
      '26 fields',
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      { embeds: { 0: { fields: maxLength(25) } } },
    ],
    [
      'a field name over 256 and an empty value',
      { embeds: [{ fields: [{ name: long(257), value: ' ' }] }] },
      { embeds: { 0: { fields: { 0: { name: maxLength(256), value: required } } } } },
    ],
    [
      'a field value over 1024 and no name',
      { embeds: [{ fields: [{ value: long(1025) }] }] },
      { embeds: { 0: { fields: { 0: { name: required, value: maxLength(1024) } } } } },
    ],
    [
      'a footer over 2048',
      { embeds: [{ footer: { text: long(2049) } }] },
      { embeds: { 0: { footer: { text: maxLength(2048) } } } },
    ],
    [
      'an author name over 256',
      { embeds: [{ author: { name: long(257) } }] },
      { embeds: { 0: { author: { name: maxLength(256) } } } },
    ],
    [
      'embeds over 6000 characters together',
      { embeds: [{ description: long(4000) }, { description: long(2001) }] },
      { embeds: error('MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000') },
    ],
    [
      'an embed url that is not one',
      { embeds: [{ title: 't', url: 'not a url' }] },
      { embeds: { 0: { url: error('URL_TYPE_INVALID_URL', 'Not a well formed URL.') } } },
    ],
    [
      'an embed url of another scheme',
      { embeds: [{ title: 't', url: 'javascript:alert(1)' }] },
      {
        embeds: {
          0: {
            url: error(
              'URL_TYPE_INVALID_SCHEME',
              "Scheme \"javascript\" is not supported. Scheme must be one of ('http', 'https').",
            ),
          },
        },
      },
    ],
    [
      'a timestamp that is not ISO 8601',
      { embeds: [{ title: 't', timestamp: 'yesterday' }] },
      { embeds: { 0: { timestamp: error('DATE_TIME_TYPE_PARSE', 'Could not parse yesterday. Should be ISO8601.') } } },
    ],
    [
      'a colour past 0xFFFFFF',
      { embeds: [{ title: 't', color: 0x1000000 }] },
      { embeds: { 0: { color: error('NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.') } } },
    ],
    [
      'a colour as a string',
      { embeds: [{ title: 't', color: '#ff0000' }] },
      { embeds: { 0: { color: error('NUMBER_TYPE_COERCE', 'Value "#ff0000" is not int.') } } },
    ],
    [
      'a negative colour',
      { embeds: [{ title: 't', color: -1 }] },
      { embeds: { 0: { color: error('NUMBER_TYPE_MIN', 'int value should be greater than or equal to 0.') } } },
    ],
    [
      'a username naming Discord',
      { content: 'x', username: 'Discord alerts' },
      { username: error('USERNAME_INVALID_CONTAINS', 'Username cannot contain "discord"') },
    ],
    [
      'a username over 80',
      { content: 'x', username: long(81) },
      { username: error('BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 80 in length.') },
    ],
    [
      'allowed_mentions parsing an unknown type',
      { content: 'x', allowed_mentions: { parse: ['here'] } },
      {
        allowed_mentions: {
          parse: { 0: error('BASE_TYPE_CHOICES', "Value must be one of ('roles', 'users', 'everyone').") },
        },
      },
    ],
    [
      'allowed_mentions parsing users and listing them',
      { content: 'x', allowed_mentions: { parse: ['users'], users: ['80351110224678912'] } },
      {
        allowed_mentions: error(
          'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
          'parse:["users"] and users: [ids...] are mutually exclusive.',
        ),
      },
    ],
    [
      'embeds that are not a list, content not text',
      { content: 5, embeds: { title: 'x' } },
      {
        content: error('STRING_TYPE_CONVERT', 'Could not interpret "5" as string.'),
        embeds: error('LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType'),
      },
    ],
  ])('answers %s with 50035 and the error at its path', async (_label, body, errors) => {
    expect(await execute(url, body)).toEqual({
      status: 400,
      headers: expect.anything(),
      json: { message: 'Invalid Form Body', code: 50035, errors },
    });
  });

  it('counts characters as Discord does: trimmed, an emoji as one', async () => {
    const answer = await execute(
      url,
      { content: ` ${'😀'.repeat(2000)} `, embeds: [{ title: `${long(256)}   ` }] },
      { wait: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ content: '😀'.repeat(2000), embeds: [{ title: long(256) }] });
  });

  it('takes every embed limit at its edge, 6000 characters in all', async () => {
    const full = {
      title: long(256),
      description: long(3000),
      fields: [{ name: long(256), value: long(1024) }],
      footer: { text: long(1208) },
      author: { name: long(256), url: 'http://example.test/a', icon_url: 'attachment://icon.png' },
      image: { url: 'https://example.test/i.png' },
      timestamp: '2026-11-30T13:00:00+01:00',
      color: 0xffffff,
    };
    const answer = await execute(url, { embeds: [full] }, { wait: true });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ embeds: [{ ...full, timestamp: '2026-11-30T12:00:00.000+00:00' }] });
  });
});
