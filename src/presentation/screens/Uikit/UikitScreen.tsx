import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BADGE_TYPES, CARD_BRANDS, type Theme } from '../../../domain/entities';
import type { Currency } from '../../../domain/money';
import {
  AmountInput,
  Avatar,
  Badge,
  Button,
  CardDisplay,
  Cell,
  Checkbox,
  CollapsibleText,
  EmptyState,
  Icon,
  InfiniteList,
  NumberInput,
  type IconName,
  Placeholder,
  Section,
  SegmentedControl,
  Spinner,
  Switch,
  TextArea,
  TextInput,
} from '../../components';
import { Screen } from '../../shell/Screen';
import type { UikitViewModel } from './UikitViewModel';

const PAGE_SIZE = 10;
/** Every icon: `satisfies` makes a new icon fail to compile until it is shown here too. */
const ICONS = Object.keys({
  chevron: true,
  check: true,
  copy: true,
  alert: true,
  info: true,
  close: true,
  plus: true,
  heart: true,
  star: true,
  arrowUp: true,
  arrowDown: true,
  card: true,
  empty: true,
  undo: true,
  gift: true,
} satisfies Record<IconName, true>) as IconName[];
const PAGES = 3;

/** A list that pages through 30 fake rows, failing once on the second page to show the error row. */
function InfiniteListDemo() {
  const { t } = useTranslation();
  const [count, setCount] = useState(PAGE_SIZE);
  const [loading, setLoading] = useState(false);
  const [failedOnce, setFailedOnce] = useState(false);
  const [error, setError] = useState(false);
  const loadMore = (): void => {
    setLoading(true);
    setError(false);
    setTimeout(() => {
      setLoading(false);
      if (count === PAGE_SIZE && !failedOnce) {
        setFailedOnce(true);
        setError(true);
      } else setCount((current) => current + PAGE_SIZE);
    }, 700);
  };
  return (
    <InfiniteList hasMore={count < PAGE_SIZE * PAGES} loading={loading} error={error} onLoadMore={loadMore}>
      {Array.from({ length: count }, (_, index) => (
        <Cell
          key={index}
          title={t('uikit.row', { number: index + 1 })}
          before={<Avatar id={index} name={t('uikit.sampleName')} size={32} decorative />}
        />
      ))}
    </InfiniteList>
  );
}

/** /uikit: every shared component in its states, in the Apple or the Material look. */
export default function UikitScreen({ vm }: { vm: UikitViewModel }) {
  const { t } = useTranslation();
  const toasts = vm.toasts;
  const [look, setLook] = useState<Theme>(() => (document.body.dataset.look === 'material' ? 'material' : 'apple'));
  const [name, setName] = useState('');
  const [description, setDescription] = useState(t('uikit.sampleLongText'));
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<Currency>('eur');
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState(true);
  const [terms, setTerms] = useState(false);
  const [tab, setTab] = useState<'one' | 'two' | 'three'>('one');

  // Look-specific styles key off <body data-look>: switch it for the page, restore the platform's on leaving.
  useEffect(() => {
    const platformLook = document.body.dataset.look;
    return () => {
      if (platformLook) document.body.dataset.look = platformLook;
    };
  }, []);
  useEffect(() => {
    document.body.dataset.look = look;
  }, [look]);

  return (
    <Screen title={t('uikit.title')}>
      <div className="uikit">
        <SegmentedControl
          label={t('uikit.look')}
          value={look}
          onChange={setLook}
          segments={[
            { value: 'apple', label: t('uikit.apple') },
            { value: 'material', label: t('uikit.material') },
          ]}
        />

        <Section header={t('uikit.buttons')}>
          <div className="uikit__row">
            <Button>{t('uikit.filled')}</Button>
            <Button mode="tinted">{t('uikit.tinted')}</Button>
            <Button mode="plain">{t('uikit.plain')}</Button>
            <Button mode="destructive">{t('uikit.destructive')}</Button>
            <Button loading>{t('uikit.loading')}</Button>
            <Button disabled>{t('uikit.disabled')}</Button>
            <Button size="large" stretched before={<Icon name="plus" size={20} />}>
              {t('uikit.stretched')}
            </Button>
          </div>
        </Section>

        <Section header={t('uikit.cells')} footer={t('uikit.cellsFooter')}>
          <Cell
            to="/uikit"
            title={t('uikit.link')}
            subtitle={t('uikit.subtitle')}
            chevron
            before={<Avatar id={1} name={t('uikit.sampleName')} decorative />}
          />
          <Cell onClick={() => toasts.info('uikit.tapped')} title={t('uikit.action')} after={t('uikit.value')} />
          <Cell as="label" title={t('uikit.pin')} after={<Switch checked={pin} onChange={setPin} />} />
          <Cell onClick={() => toasts.fail('uikit.tapped')} title={t('uikit.destructive')} destructive />
          <Cell onClick={() => undefined} title={t('uikit.disabledRow')} disabled chevron />
          <Cell title={t('uikit.sampleLongText')} />
        </Section>

        <Section header={t('uikit.toasts')}>
          <div className="uikit__row">
            <Button mode="tinted" size="small" onClick={() => toasts.success('uikit.toastSuccess')}>
              {t('uikit.success')}
            </Button>
            <Button mode="tinted" size="small" onClick={() => toasts.fail('uikit.toastFail')}>
              {t('uikit.fail')}
            </Button>
            <Button mode="tinted" size="small" onClick={() => toasts.info('uikit.toastInfo')}>
              {t('uikit.info')}
            </Button>
            <Button mode="tinted" size="small" onClick={() => toasts.loading()}>
              {t('uikit.loading')}
            </Button>
            <Button mode="tinted" size="small" onClick={() => toasts.copied()}>
              {t('uikit.copied')}
            </Button>
          </div>
        </Section>

        <Section header={t('uikit.inputs')}>
          <div className="uikit__column">
            <TextInput
              label={t('uikit.name')}
              value={name}
              onChange={setName}
              maxLength={32}
              placeholder={t('uikit.namePlaceholder')}
            />
            <TextArea label={t('uikit.description')} value={description} onChange={setDescription} maxLength={140} />
            <TextInput
              label={t('uikit.invalidField')}
              value={t('uikit.invalidFieldValue')}
              onChange={() => undefined}
              error={t('uikit.fieldError')}
            />
            <NumberInput label={t('uikit.number')} value={number} onChange={setNumber} hint={t('uikit.numberHint')} />
            <SegmentedControl
              label={t('uikit.currency')}
              value={currency}
              onChange={setCurrency}
              segments={[
                { value: 'eur', label: 'EUR' },
                { value: 'rub', label: 'RUB' },
                { value: 'jpy', label: 'JPY' },
              ]}
            />
            <AmountInput
              label={t('uikit.amount')}
              value={amount}
              onChange={setAmount}
              currency={currency}
              error={amount === '0' ? t('uikit.amountError') : undefined}
            />
            <Checkbox label={t('uikit.terms')} checked={terms} onChange={setTerms} />
            <Switch label={t('uikit.pin')} checked={pin} onChange={setPin} />
            <Switch label={t('uikit.disabled')} checked={false} onChange={() => undefined} disabled />
          </div>
        </Section>

        <Section header={t('uikit.media')}>
          <div className="uikit__row">
            {Array.from({ length: 7 }, (_, id) => (
              <Avatar key={id} id={id} name={t('uikit.sampleName')} />
            ))}
            <Avatar id={-3} name={t('uikit.sampleName')} size={56} />
          </div>
          <div className="uikit__row">
            {BADGE_TYPES.map((type) => (
              <Badge key={type} type={type} />
            ))}
          </div>
          <div className="uikit__column">
            {CARD_BRANDS.map((brand) => (
              <CardDisplay key={brand} brand={brand} last="4242" />
            ))}
          </div>
        </Section>

        <Section header={t('uikit.icons')}>
          <div className="uikit__row">
            {ICONS.map((name) => (
              <Icon key={name} name={name} label={name} />
            ))}
          </div>
        </Section>

        <Section header={t('uikit.text')}>
          <div className="uikit__column">
            <CollapsibleText text={t('uikit.sampleLongText')} />
            <SegmentedControl
              label={t('uikit.tabs')}
              value={tab}
              onChange={setTab}
              segments={[
                { value: 'one', label: t('uikit.tabOne') },
                { value: 'two', label: t('uikit.tabTwo') },
                { value: 'three', label: t('uikit.tabThree') },
              ]}
            />
            <Spinner label={t('common.loading')} />
          </div>
        </Section>

        <Section header={t('uikit.states')}>
          <Placeholder
            level={2}
            icon={<Icon name="info" size={48} />}
            title={t('uikit.placeholderTitle')}
            text={t('uikit.placeholderText')}
            actions={<Button>{t('common.retry')}</Button>}
          />
          <EmptyState text={t('uikit.empty')} />
        </Section>

        <Section header={t('uikit.list')}>
          <InfiniteListDemo />
        </Section>
      </div>
    </Screen>
  );
}
