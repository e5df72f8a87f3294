/**
 * The Mini Apps protocol transport, as Telegram's web client runs it: the mini-app lives in an iframe and posts
 * `JSON.stringify({ eventType, eventData })` to its parent; the parent answers by posting the same shape into the
 * iframe's window.
 */
export type Direction = 'in' | 'out';

export interface LoggedEvent {
  seq: number;
  /** ms since the emulator page loaded */
  at: number;
  /** in: app → host (a method call), out: host → app (an event) */
  direction: Direction;
  eventType: string;
  eventData: unknown;
}

export type MethodHandler = (method: string, params: unknown) => void;

interface MiniAppMessage {
  eventType: string;
  eventData?: unknown;
}

function parseMessage(data: unknown): MiniAppMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed && typeof parsed === 'object' && typeof (parsed as MiniAppMessage).eventType === 'string') {
      return parsed as MiniAppMessage;
    }
  } catch {
    // not a Mini Apps message
  }
  return undefined;
}

export class HostBridge {
  private frame: HTMLIFrameElement | undefined;
  private seq = 0;

  constructor(
    private readonly onMethod: MethodHandler,
    private readonly onLog: (event: LoggedEvent) => void,
  ) {}

  /** Starts listening. Call once. */
  install(): void {
    window.addEventListener('message', (event) => {
      if (!this.frame || event.source !== this.frame.contentWindow) return;
      const message = parseMessage(event.data);
      if (message) this.receive(message);
    });
    this.acceptForeignTargetOrigin();
  }

  attach(frame: HTMLIFrameElement): void {
    this.frame = frame;
  }

  detach(): void {
    this.frame = undefined;
  }

  get attached(): boolean {
    return this.frame !== undefined;
  }

  /** Sends an event to the mini-app (e.g. main_button_pressed). */
  send(eventType: string, eventData?: unknown): void {
    const target = this.frame?.contentWindow;
    if (!target) return;
    this.log('out', eventType, eventData);
    target.postMessage(JSON.stringify(eventData === undefined ? { eventType } : { eventType, eventData }), '*');
  }

  private receive(message: MiniAppMessage): void {
    this.log('in', message.eventType, message.eventData);
    this.onMethod(message.eventType, message.eventData);
  }

  private log(direction: Direction, eventType: string, eventData: unknown): void {
    this.seq += 1;
    this.onLog({ seq: this.seq, at: Math.round(performance.now()), direction, eventType, eventData });
  }

  /**
   * The SDK in an iframe posts to `window.parent` with target origin https://web.telegram.org (its default), which
   * the browser would drop here. The mini-app is served from this same origin, so its `window.parent.postMessage`
   * resolves to this window's own property: replacing it lets the emulator receive those calls unchanged, exactly
   * as web.telegram.org would, without the app having to know it runs in an emulator.
   */
  private acceptForeignTargetOrigin(): void {
    const native = window.postMessage.bind(window);
    const intercept = (
      message: unknown,
      targetOrOptions?: string | WindowPostMessageOptions,
      transfer?: Transferable[],
    ) => {
      const targetOrigin =
        typeof targetOrOptions === 'string' ? targetOrOptions : (targetOrOptions?.targetOrigin ?? '/');
      const parsed =
        targetOrigin !== '*' && targetOrigin !== '/' && targetOrigin !== window.location.origin
          ? parseMessage(message)
          : undefined;
      if (parsed && this.frame) {
        // postMessage delivers in a later task; keep that ordering.
        setTimeout(() => this.receive(parsed), 0);
        return;
      }
      if (typeof targetOrOptions === 'string') native(message, targetOrOptions, transfer);
      else native(message, targetOrOptions);
    };
    Object.defineProperty(window, 'postMessage', { value: intercept, configurable: true, writable: true });
  }
}
