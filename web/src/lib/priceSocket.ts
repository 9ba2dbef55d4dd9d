/**
 * The relay socket: the browser's WebSocket, authenticated with the user's ID token. The token
 * travels as a subprotocol, not in the URL, so it never lands in a request log.
 */
import { relayProtocols } from '@price-alerts/domain';
import { idToken } from './auth';
import { config } from './config';

export interface SocketTarget {
  url: string;
  protocols: string[];
}

export async function priceFeedTarget(): Promise<SocketTarget> {
  return { url: config.priceFeedUrl, protocols: relayProtocols(await idToken()) };
}

export function openPriceSocket({ url, protocols }: SocketTarget): WebSocket {
  return new WebSocket(url, protocols);
}
