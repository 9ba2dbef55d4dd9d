import { describe, expect, it } from 'vitest';
import { appConfig } from './appConfig';
import { parseConfig } from './configSchema';

const complete = {
  VITE_USE_EMULATORS: 'true',
  VITE_FIREBASE_API_KEY: 'k',
  VITE_FIREBASE_AUTH_DOMAIN: 'd',
  VITE_FIREBASE_PROJECT_ID: 'demo-x',
  VITE_FIREBASE_APP_ID: 'a',
  VITE_FIREBASE_MESSAGING_SENDER_ID: 's',
  VITE_WEBSITE_URL: 'https://example.com',
  VITE_PRICE_FEED_URL: 'ws://127.0.0.1:8091/prices',
};

describe('parseConfig', () => {
  it('reads a complete environment', () => {
    const config = parseConfig(complete);
    expect(config.useEmulators).toBe(true);
    expect(config.emulatorHost).toBe('127.0.0.1');
    expect(config.firebase.projectId).toBe('demo-x');
  });

  it('names every missing variable', () => {
    const { VITE_FIREBASE_API_KEY: _key, VITE_FIREBASE_PROJECT_ID: _project, ...partial } = complete;
    expect(() => parseConfig(partial)).toThrow(/VITE_FIREBASE_API_KEY.*VITE_FIREBASE_PROJECT_ID/);
  });

  it('needs a WebSocket URL for the price feed', () => {
    expect(() => parseConfig({ ...complete, VITE_PRICE_FEED_URL: 'https://x.example' })).toThrow(/VITE_PRICE_FEED_URL/);
  });

  it('refuses a blank value and a malformed URL', () => {
    expect(() => parseConfig({ ...complete, VITE_FIREBASE_APP_ID: '  ' })).toThrow(/VITE_FIREBASE_APP_ID is required/);
    expect(() => parseConfig({ ...complete, VITE_WEBSITE_URL: 'not a url' })).toThrow(/VITE_WEBSITE_URL/);
  });

  it.each([
    ['the local sink on the emulators', 'true', 'http://127.0.0.1:8096', 'http://127.0.0.1:8096'],
    ['no sink outside the emulators, whatever is set', 'false', 'http://127.0.0.1:8096', undefined],
    ['no sink unless one is named', 'true', undefined, undefined],
  ])('reads %s', (_name, emulators, sink, expected) => {
    const env = { ...complete, VITE_USE_EMULATORS: emulators, VITE_WEBHOOK_SINK: sink, VITE_FIREBASE_VAPID_KEY: 'v' };
    expect(parseConfig(env).webhookSink).toBe(expected);
  });

  it.each([
    ['the Telegram stand-in on the emulators', 'true', 'http://127.0.0.1:8097', 'http://127.0.0.1:8097'],
    ['no stand-in outside the emulators, whatever is set', 'false', 'http://127.0.0.1:8097', undefined],
  ])('reads %s', (_name, emulators, standIn, expected) => {
    const env = {
      ...complete,
      VITE_USE_EMULATORS: emulators,
      VITE_TELEGRAM_STAND_IN: standIn,
      VITE_FIREBASE_VAPID_KEY: 'v',
    };
    expect(parseConfig(env).telegramStandIn).toBe(expected);
  });

  it('refuses a Telegram stand-in that is not an http origin', () => {
    expect(() => parseConfig({ ...complete, VITE_TELEGRAM_STAND_IN: 'http://127.0.0.1:8097/x' })).toThrow(
      /VITE_TELEGRAM_STAND_IN/,
    );
  });

  it.each(['https://127.0.0.1:8096', 'http://127.0.0.1:8096/hooks', 'not a url'])(
    'refuses %s as the local webhook sink',
    (sink) => {
      expect(() => parseConfig({ ...complete, VITE_WEBHOOK_SINK: sink })).toThrow(/VITE_WEBHOOK_SINK/);
    },
  );

  it('reads what the browser reads (the app takes the checked environment without zod)', () => {
    expect(appConfig(complete)).toEqual(parseConfig(complete));
    const padded = { ...complete, VITE_FIREBASE_APP_ID: ' a ', VITE_EMULATOR_HOST: undefined };
    expect(appConfig(padded)).toEqual(parseConfig(padded));
  });
});
