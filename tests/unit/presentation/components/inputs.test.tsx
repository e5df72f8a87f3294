/** @jest-environment jsdom */
import '../support/jsdom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import {
  AmountInput,
  Checkbox,
  NumberInput,
  Switch,
  TextArea,
  TextInput,
} from '../../../../src/presentation/components';
import type { Currency } from '../../../../src/domain/money';
import { englishI18n } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

function ControlledText({ initial, max, multiline }: { initial: string; max?: number; multiline?: boolean }) {
  const [value, setValue] = useState(initial);
  return multiline ? (
    <TextArea label="Description" value={value} onChange={setValue} maxLength={max} />
  ) : (
    <TextInput label="Name" value={value} onChange={setValue} maxLength={max} />
  );
}

const counter = (container: HTMLElement) => container.querySelector('.field__counter');

describe('TextInput remaining-characters counter (spec section 5)', () => {
  it('is hidden while more than 20 characters remain', () => {
    const { container } = render(<ControlledText initial={'a'.repeat(11)} max={32} />); // 21 left
    expect(counter(container)).toBeNull();
  });

  it('appears at exactly 20 remaining and counts down as you type', () => {
    const { container } = render(<ControlledText initial={'a'.repeat(12)} max={32} />);
    expect(counter(container)?.textContent).toContain('20');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'a'.repeat(30) } });
    expect(counter(container)?.querySelector('[aria-hidden]')?.textContent).toBe('2');
  });

  it('goes negative when the limit is exceeded and marks the field invalid', () => {
    const { container } = render(<ControlledText initial={'a'.repeat(35)} max={32} />);
    expect(counter(container)?.querySelector('[aria-hidden]')?.textContent).toBe('-3');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(counter(container)?.textContent).toContain('3 characters too many');
  });

  it('does not cut typing at the maximum', () => {
    render(<ControlledText initial="" max={5} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'abcdefgh' } });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('abcdefgh');
  });

  it('describes the input with the counter for screen readers', () => {
    render(<ControlledText initial={'a'.repeat(30)} max={32} />);
    const describedBy = screen.getByLabelText('Name').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toContain('2 characters left');
  });

  it('works the same in a TextArea', () => {
    const { container } = render(<ControlledText multiline initial={'a'.repeat(130)} max={140} />);
    expect(counter(container)?.querySelector('[aria-hidden]')?.textContent).toBe('10');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
  });

  it('shows an error and links it to the input', () => {
    render(<TextInput label="Name" value="" onChange={() => undefined} error="Required" />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Required');
  });
});

function ControlledNumber({ currency }: { currency?: Currency }) {
  const [value, setValue] = useState('');
  return currency ? (
    <AmountInput label="Amount" value={value} onChange={setValue} currency={currency} />
  ) : (
    <NumberInput label="Number" value={value} onChange={setValue} />
  );
}

describe('NumberInput and AmountInput (spec section 5)', () => {
  const type = (label: string, text: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

  it('sanitizes typing: commas to a point, one point, two decimals, leading point gets a zero', () => {
    render(<ControlledNumber />);
    type('Number', '12,345');
    expect(value('Number')).toBe('12.34');
    type('Number', '.5');
    expect(value('Number')).toBe('0.5');
    type('Number', '1a2.3.4');
    expect(value('Number')).toBe('12.34');
    expect(screen.getByLabelText('Number').getAttribute('inputmode')).toBe('decimal');
  });

  it('removes a trailing point on blur', () => {
    render(<ControlledNumber />);
    type('Number', '12.');
    expect(value('Number')).toBe('12.');
    fireEvent.blur(screen.getByLabelText('Number'));
    expect(value('Number')).toBe('12');
  });

  it('allows no decimals for zero-decimal currencies and shows the symbol or code', () => {
    const { container, unmount } = render(<ControlledNumber currency="jpy" />);
    type('Amount', '150.75');
    expect(value('Amount')).toBe('150');
    expect(container.querySelector('.field__suffix')?.textContent).toBe('JPY');
    unmount();
    const euro = render(<ControlledNumber currency="eur" />);
    type('Amount', '5.255');
    expect(value('Amount')).toBe('5.25');
    expect(euro.container.querySelector('.field__suffix')?.textContent).toBe('€');
  });
});

describe('Switch and Checkbox', () => {
  it('Switch is a switch that reports its new state', () => {
    const changes: boolean[] = [];
    render(<Switch label="Pin the post" checked={false} onChange={(checked) => changes.push(checked)} />);
    const control = screen.getByRole('switch', { name: 'Pin the post' });
    act(() => control.click());
    expect(changes).toEqual([true]);
  });

  it('Checkbox is a labelled checkbox', () => {
    const changes: boolean[] = [];
    render(<Checkbox label="I accept the terms" checked onChange={(checked) => changes.push(checked)} />);
    const control = screen.getByRole('checkbox', { name: 'I accept the terms' }) as HTMLInputElement;
    expect(control.checked).toBe(true);
    act(() => control.click());
    expect(changes).toEqual([false]);
  });
});
