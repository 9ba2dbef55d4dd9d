import { TELEGRAM_TEXT_MAX } from '@price-alerts/domain/notify';
import { describe, expect, it } from 'vitest';
import { editedText } from './telegramTaps';

describe('the message once a button did its work', () => {
  it('keeps the text and says what was done under it in bold, escaped', () => {
    expect(editedText('<b>EUR/USD</b>\nNow 1.09510', 'Paused <now>.')).toBe(
      '<b>EUR/USD</b>\nNow 1.09510\n\n<b>Paused &lt;now&gt;.</b>',
    );
  });

  it('drops the text’s last lines, whole, when both would pass Telegram’s limit', () => {
    const note = `<i>${'n'.repeat(TELEGRAM_TEXT_MAX - 30)}</i>`;
    expect(editedText(`<b>EUR/USD</b>\n${note}`, 'Snoozed until 15:40.')).toBe(
      '<b>EUR/USD</b>\n\n<b>Snoozed until 15:40.</b>',
    );
  });
});
