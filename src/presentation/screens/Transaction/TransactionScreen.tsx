import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../../domain/entities';
import { formatDate, formatMoney, formatSignedMoney, formatStars } from '../../../domain/format';
import { Avatar, Badge, Button, CardDisplay, Cell, Placeholder, Section } from '../../components';
import { useCanGoBack } from '../../navigation/history';
import { Screen } from '../../shell/Screen';
import { READY } from '../../shell/screenState';
import { countryName } from '../../shared/countryName';
import type { TransactionViewModel } from './TransactionViewModel';
import './transaction.css';
import { deviceZone } from '../../app/deviceZone';
import { transactionTypeKey } from '../../../domain/transactions';

function fullName(user: User): string {
  return user.lastName ? `${user.firstName} ${user.lastName}` : user.firstName;
}

const Details = observer(function Details({ vm }: { vm: TransactionViewModel }) {
  const { t, i18n } = useTranslation();
  const details = vm.details;
  if (details === null) return null;
  const methodRow = details.method && (
    <Cell
      title={t(details.kind === 'withdrawal' ? 'transaction.fields.method' : 'transaction.fields.paymentMethod')}
      after={t(`transaction.method.${details.method}`)}
    />
  );
  const cardRow = details.card && (
    <Cell
      title={t('transaction.fields.card')}
      after={<CardDisplay brand={details.card.brand} last={details.card.last4} />}
    />
  );
  // A Telegram Stars sale: what was paid in Stars and the rate it was credited at.
  const starsRows = details.kind === 'payment' && details.stars && (
    <>
      <Cell title={t('transaction.fields.stars')} after={<span dir="ltr">{formatStars(details.stars.amount)}</span>} />
      <Cell title={t('transaction.fields.rate')} after={<span dir="ltr">{details.stars.rate}</span>} />
    </>
  );
  const feeRow = details.serviceFee && (
    <Cell title={t('transaction.fields.serviceFee')} after={<span dir="ltr">{formatMoney(details.serviceFee)}</span>} />
  );
  if (details.kind === 'withdrawal') {
    return (
      <Section header={t('transaction.fields.details')}>
        {details.country && (
          <Cell title={t('transaction.fields.country')} after={countryName(details.country, i18n.language)} />
        )}
        {methodRow}
        {cardRow}
        <Cell title={t('transaction.fields.amount')} after={<span dir="ltr">{formatMoney(details.amount)}</span>} />
        {details.conversion && (
          <>
            <Cell
              title={t('transaction.fields.sentAs')}
              after={<span dir="ltr">{formatMoney(details.conversion.sent)}</span>}
            />
            <Cell
              title={t('transaction.fields.rate')}
              after={
                <span dir="ltr">{`1 ${details.conversion.from} = ${details.conversion.rate} ${details.conversion.to}`}</span>
              }
            />
          </>
        )}
        {feeRow}
        <Cell title={t('transaction.fields.total')} after={<span dir="ltr">{formatMoney(details.total)}</span>} />
      </Section>
    );
  }
  const sale = details.sale;
  if (sale !== null) {
    // Every part of the sale, so the creator can check that price − fees = what they earn.
    return (
      <Section header={t('transaction.fields.details')}>
        {methodRow}
        {cardRow}
        {starsRows}
        <Cell title={t('transaction.fields.price')} after={<span dir="ltr">{formatMoney(sale.gross)}</span>} />
        {/* Telegram keeps no card processing fee from a Stars sale. */}
        {!details.stars && (
          <Cell
            title={t('transaction.fields.providerFee')}
            after={<span dir="ltr">{formatMoney(sale.providerFee)}</span>}
          />
        )}
        <Cell
          title={t('transaction.fields.serviceFee')}
          after={<span dir="ltr">{formatMoney(sale.serviceFee)}</span>}
        />
        <Cell title={t('transaction.fields.net')} after={<strong dir="ltr">{formatMoney(sale.net)}</strong>} />
      </Section>
    );
  }
  return (
    <Section header={t('transaction.fields.details')}>
      {methodRow}
      {cardRow}
      {starsRows}
      <Cell title={t('transaction.fields.price')} after={<span dir="ltr">{formatMoney(details.price)}</span>} />
      {feeRow}
    </Section>
  );
});

/** /transaction/:transactionId: amount with its sign, type, date, user, channel and subscription, and the details. */
function TransactionScreen({ vm }: { vm: TransactionViewModel }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const { transaction, signedTotal, badge } = vm;
  const failed = vm.state.status === 'error';

  return (
    <Screen title={t('transaction.title')} state={failed ? READY : vm.state}>
      {failed && (
        <Placeholder
          title={t('transaction.error.title')}
          text={t('transaction.error.text')}
          actions={
            <>
              <Button onClick={() => void vm.load()}>{t('transaction.error.retry')}</Button>
              <Button
                mode="plain"
                onClick={() => void (canGoBack ? navigate(-1) : navigate('/dashboard', { replace: true }))}
              >
                {t('transaction.error.back')}
              </Button>
            </>
          }
        />
      )}
      {!failed && transaction && signedTotal && badge && (
        <>
          <div className="transaction-head">
            <Badge type={badge} size={56} decorative />
            <h1 className="transaction-head__amount" data-testid="transaction-amount" dir="ltr">
              {formatSignedMoney(signedTotal)}
            </h1>
            <p className="transaction-head__type">{t(transactionTypeKey(transaction, 'transaction.type'))}</p>
          </div>
          <Section>
            <Cell title={t('transaction.fields.type')} after={t(transactionTypeKey(transaction, 'transaction.type'))} />
            <Cell
              title={t('transaction.fields.date')}
              after={
                <time dateTime={new Date(transaction.createdAt * 1000).toISOString()}>
                  {formatDate(transaction.createdAt, i18n.language, vm.now(), deviceZone())}
                  {', '}
                  {new Date(transaction.createdAt * 1000).toLocaleTimeString(i18n.language, {
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </time>
              }
            />
            {transaction.user && (
              <Cell
                title={t('transaction.fields.user')}
                after={
                  transaction.user.userName
                    ? `${fullName(transaction.user)} (@${transaction.user.userName})`
                    : fullName(transaction.user)
                }
              />
            )}
            {transaction.channel && (
              <Cell
                title={t('transaction.fields.channel')}
                after={transaction.channel.name}
                before={
                  <Avatar
                    id={transaction.channel.id}
                    name={transaction.channel.name}
                    src={transaction.channel.photoUrl}
                    size={28}
                    decorative
                  />
                }
              />
            )}
            {transaction.subscription &&
              (vm.subscriptionLink ? (
                <Cell
                  to={vm.subscriptionLink}
                  title={t('transaction.fields.subscription')}
                  after={transaction.subscription.name}
                  chevron
                />
              ) : (
                <Cell title={t('transaction.fields.subscription')} after={transaction.subscription.name} />
              ))}
          </Section>
          <Details vm={vm} />
        </>
      )}
    </Screen>
  );
}

export default observer(TransactionScreen);
