/** The relay socket: the browser's WebSocket, authenticated with the user's ID token. */
import { idToken } from './auth';
import { config } from './config';

export async function priceFeedUrl(): Promise<string> {
  const url = new URL(config.priceFeedUrl);
  url.searchParams.set('token', await idToken());
  return url.toString();
}

export function openPriceSocket(url: string): WebSocket {
  return new WebSocket(url);
}
