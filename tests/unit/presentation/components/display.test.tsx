/** @jest-environment jsdom */
import '../support/jsdom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  Avatar,
  Badge,
  Button,
  CardDisplay,
  Cell,
  CollapsibleText,
  EmptyState,
  Placeholder,
  Section,
  SegmentedControl,
  initials,
} from '../../../../src/presentation/components';
import { englishI18n } from '../support/render';

beforeAll(async () => {
  await englishI18n();
});

describe('Avatar', () => {
  it('is 40 px by default with initials on the gradient of abs(id) % 7', () => {
    const { container } = render(<Avatar id={-9} name="Anna Smith" />);
    const avatar = container.querySelector('.avatar') as HTMLElement;
    expect(avatar.className).toContain('avatar--gradient-2');
    expect(avatar.style.width).toBe('40px');
    expect(avatar.textContent).toBe('AS');
    expect(screen.getByRole('img', { name: 'Anna Smith' })).toBe(avatar);
  });

  it.each([
    [0, 0],
    [6, 6],
    [7, 0],
    [-7, 0],
    [13, 6],
  ])('id %i uses gradient %i', (id, gradient) => {
    const { container } = render(<Avatar id={id} name="X" />);
    expect(container.querySelector(`.avatar--gradient-${gradient}`)).not.toBeNull();
  });

  it('shows the picture and falls back to initials when it fails to load', () => {
    const { container } = render(<Avatar id={1} name="Bob" src="https://example.org/bob.jpg" size={56} />);
    const image = screen.getByRole('img', { name: 'Bob' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('width')).toBe('56');
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.avatar')?.textContent).toBe('B');
  });

  it('takes up to two initials from letters only', () => {
    expect(initials('  anna maria smith ')).toBe('AM');
    expect(initials('😀 Club')).toBe('C');
    expect(initials('Jack 8')).toBe('J');
    expect(initials('J8 Smith')).toBe('JS');
    expect(initials('2pac shakur')).toBe('PS');
    expect(initials('Юлия 2 Ким')).toBe('ЮК');
    expect(initials('12345')).toBe('');
  });
});

describe('CardDisplay', () => {
  it('shows dots and the last digits, and reads as brand plus last digits', () => {
    const { container } = render(<CardDisplay brand="visa" last="4242" />);
    expect(container.textContent).toContain('•••• 4242');
    expect(screen.getByRole('img', { name: 'Visa card ending in 4242' })).toBeTruthy();
  });

  it('uses a generic name for unknown brands', () => {
    render(<CardDisplay brand="unknown" last="0001" />);
    expect(screen.getByRole('img', { name: 'Bank card card ending in 0001' })).toBeTruthy();
  });
});

describe('Badge', () => {
  it('names the transaction type', () => {
    render(<Badge type="GetDonation" />);
    expect(screen.getByRole('img', { name: 'Donation received' })).toBeTruthy();
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Badge type="check" decorative />);
    expect(container.querySelector('.badge')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('CollapsibleText (limit 100)', () => {
  const long = 'x'.repeat(101);

  it('shows text of 100 characters whole, without a button', () => {
    render(<CollapsibleText text={'y'.repeat(100)} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts longer text at 100 characters and expands and folds on demand', () => {
    const { container } = render(<CollapsibleText text={long} />);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(container.textContent).toContain(`${'x'.repeat(100)}…`);
    expect(container.textContent).not.toContain(long);
    act(() => more.click());
    expect(container.textContent).toContain(long);
    act(() => screen.getByRole('button', { name: 'Less' }).click());
    expect(container.textContent).not.toContain(long);
  });

  it('honours a custom limit', () => {
    render(<CollapsibleText text="abcdefghij" limit={5} />);
    expect(screen.getByText(/abcde…/)).toBeTruthy();
  });
});

describe('Section and Cell', () => {
  it('names the section by its header', () => {
    render(
      <Section header="Payment methods" footer="Your cards">
        <Cell title="Visa" />
      </Section>,
    );
    expect(screen.getByRole('region', { name: 'Payment methods' })).toBeTruthy();
    expect(screen.getByText('Your cards')).toBeTruthy();
  });

  it('renders a link cell as a link, a button cell as a button', () => {
    const clicks: string[] = [];
    render(
      <MemoryRouter>
        <Cell to="/payment" title="Payment methods" chevron />
        <Cell onClick={() => clicks.push('support')} title="Support" after="24/7" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Payment methods' }).getAttribute('href')).toBe('/payment');
    act(() => screen.getByRole('button', { name: /Support/ }).click());
    expect(clicks).toEqual(['support']);
  });
});

describe('Button', () => {
  it('ignores clicks while loading and says it is busy', () => {
    const clicks: number[] = [];
    render(
      <Button loading onClick={() => clicks.push(1)}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    act(() => button.click());
    expect(clicks).toEqual([]);
  });
});

describe('SegmentedControl', () => {
  function Tabs() {
    const [value, setValue] = useState<'all' | 'active' | 'expired'>('all');
    return (
      <SegmentedControl
        label="Members"
        value={value}
        onChange={setValue}
        segments={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'expired', label: 'Expired' },
        ]}
      />
    );
  }

  it('is a tablist where only the selected tab is focusable, moved by arrow keys', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Members' })).toBeTruthy();
    const all = screen.getByRole('tab', { name: 'All' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(all.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Active' }).tabIndex).toBe(-1);
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Active' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Active' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Expired' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Expired' }), { key: 'ArrowRight' }); // wraps
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('Placeholder and EmptyState', () => {
  it('renders title as a heading, text and actions', () => {
    render(<Placeholder title="Account banned" text="Contact support" actions={<Button>Support</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Account banned' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Support' })).toBeTruthy();
  });

  it('EmptyState shows its text', () => {
    render(<EmptyState text="No transactions yet" />);
    expect(screen.getByText('No transactions yet')).toBeTruthy();
  });
});
