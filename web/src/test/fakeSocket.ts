import type { SocketLike } from '../shared/prices/feedTypes';

/** A WebSocket the test drives from the server's side; the price feed's socket boundary. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  onclose: SocketLike['onclose'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    // As a browser does (WHATWG WebSockets, close()): a socket closed before it opened is closing, then
    // fails in a later task, with an error event and an abnormal close.
    if (this.readyState !== 0) {
      this.readyState = 3;
      return;
    }
    this.readyState = 2;
    setTimeout(() => {
      this.readyState = 3;
      this.onerror?.(new Event('error'));
      this.onclose?.({ code: 1006, wasClean: false } as CloseEvent);
    }, 0);
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  serverErrors() {
    this.onerror?.(new Event('error'));
  }
  serverCloses(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}
