import type { LoggedEvent } from './bridge';
import { byId, el } from './dom';

const maxRendered = 400;
const arrows = { in: '→', out: '←', note: '·' } as const;
const arrowLabels = { in: 'from app', out: 'to app', note: 'host note' } as const;

/** The event log panel: every protocol message both ways, newest last, plus the host's own notes. */
export class EventLogView {
  private readonly list = byId<HTMLOListElement>('event-log');
  /** Protocol messages only (notes excluded); also exposed to tests as window.backersEmulator.events. */
  readonly events: LoggedEvent[] = [];

  constructor() {
    byId('log-clear').addEventListener('click', () => this.clear());
  }

  add(event: LoggedEvent): void {
    this.events.push(event);
    this.render(
      event.direction,
      event.eventType,
      event.eventData === undefined ? '' : JSON.stringify(event.eventData),
      event.at,
    );
  }

  note(text: string): void {
    this.render('note', text, '', Math.round(performance.now()));
  }

  clear(): void {
    this.events.length = 0;
    this.list.replaceChildren();
  }

  private render(direction: keyof typeof arrows, name: string, data: string, at: number): void {
    const item = el(
      'li',
      { 'data-direction': direction, 'data-event': direction === 'note' ? undefined : name },
      el('time', {}, `${(at / 1000).toFixed(2)}s`),
      el(
        'span',
        { className: 'arrow', title: arrowLabels[direction] },
        el('span', { 'aria-hidden': 'true' }, arrows[direction]),
        el('span', { className: 'visually-hidden' }, arrowLabels[direction]),
      ),
      el('span', { className: 'name' }, name),
      data ? el('span', { className: 'data' }, data) : undefined,
    );
    const atBottom = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 8;
    this.list.append(item);
    while (this.list.childElementCount > maxRendered) this.list.firstElementChild?.remove();
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }
}
