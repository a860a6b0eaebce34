// A WebSocket stand-in for the chat socket's tests: every instance is recorded, the test opens it,
// reads what the client sent, pushes server frames and closes it with a code.

export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];

  /** The newest socket. */
  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  readonly url: string;
  /** What the client sent, parsed. */
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    this.closedWith = code;
  }

  // The server's side.
  open(): void {
    this.onopen?.({});
  }

  frame(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  /** Opens, takes the auth frame and answers ready. */
  accept(): void {
    this.open();
    this.frame({ type: 'ready' });
  }

  drop(code = 1006): void {
    this.onerror?.({});
    this.onclose?.({ code });
  }
}
