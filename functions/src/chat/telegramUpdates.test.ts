import { CHAT_NAME_MAX } from '@price-alerts/domain/notify';
import { describe, expect, it } from 'vitest';
import { chatName } from './telegramUpdates';

describe('the chat’s name on the Notifications screen', () => {
  it.each<[string, Parameters<typeof chatName>[0], string]>([
    ['a group by its title', { title: 'Desk  ', first_name: 'Ada', username: 'ada_l' }, 'Desk'],
    [
      'a person by first and last name',
      { first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l' },
      'Ada Lovelace',
    ],
    ['a person with a first name only', { first_name: 'Ada' }, 'Ada'],
    ['a person with no name by @username', { first_name: ' ', username: 'ada_l' }, '@ada_l'],
    ['a chat with nothing to go by', {}, 'Telegram chat'],
  ])('names %s', (_label, chat, name) => {
    expect(chatName(chat)).toBe(name);
  });

  it('cuts a long name to the profile’s limit, never through a character', () => {
    expect(chatName({ title: 'x'.repeat(200) })).toBe('x'.repeat(CHAT_NAME_MAX));
    // 127 letters then an emoji of two UTF-16 units: the emoji would end past the limit, so it goes.
    expect(chatName({ title: `${'x'.repeat(CHAT_NAME_MAX - 1)}📈 rates` })).toBe('x'.repeat(CHAT_NAME_MAX - 1));
  });

  it('never keeps half a character, a control character or a direction override', () => {
    // Firestore takes only well-formed text: half a surrogate pair made every delivery of the update fail.
    expect(chatName({ first_name: 'Eve\uD800', last_name: '\uDC00Doe' })).toBe('Eve\uFFFD \uFFFDDoe');
    expect(chatName({ title: '\u202Egnp.exe\u2066 Desk\n\u0000Ops\u200F' })).toBe('gnp.exe Desk  Ops');
    expect(chatName({ first_name: '\u202E', username: 'ada_l' })).toBe('@ada_l');
  });
});
