/**
 * A stand-in for the browser's WebSocket in unit tests (jsdom has none that reaches a server):
 * records the sockets made and what they send; the test drives it as the server would.
 * Install with `vi.stubGlobal('WebSocket', FakeSocket)` and empty `FakeSocket.all` before each test.
 */
export interface ClientMessage {
  type: string;
  channel?: string;
  token?: string;
}

export class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: ClientMessage[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as ClientMessage);
  }
  close() {
    if (this.readyState !== 3) {
      this.readyState = 3;
      this.onclose?.({ code: 1000 });
    }
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  answer(message: { code: number; msg: string; data: unknown }) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** Answers every subscribe sent so far: subscribed, or refused (40300) for `refused`. */
  acceptSubscriptions(refused: string[] = []) {
    for (const { type, channel } of this.sent.splice(0)) {
      if (type === 'subscribe') {
        this.answer(refused.includes(channel!) ? { code: 40300, msg: '没有权限', data: { channel } } : { code: 0, msg: 'subscribed', data: { channel } });
      }
    }
  }
  push(channel: string, event: string) {
    this.answer({ code: 0, msg: 'push', data: { channel, event, payload: null, at: 1 } });
  }
  /** The connection is lost (server restart, network). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  isOpen(): boolean {
    return this.readyState === 1;
  }
}
