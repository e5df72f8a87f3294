import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Cell, Section, TextInput } from '../../components';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';
import type { SubscriptionCommandViewModel } from './SubscriptionCommandViewModel';

/**
 * /channel/:id/subscription/command (?subscriptionId= from the subscription screen): the bot command that shows the
 * subscription. Without the query: the channel's only subscription, or a list to pick one of several.
 */
function SubscriptionCommandScreen({ vm }: { vm: SubscriptionCommandViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void vm.load();
  }, [vm]);
  useEffect(() => {
    if (vm.focusRequest > 0) input.current?.focus();
  }, [vm.focusRequest]);

  const save = async () => {
    if (await vm.save()) void navigate(-1);
  };

  return (
    <Screen
      title={t('subscription.command.title')}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={
        vm.subscription === null
          ? undefined
          : { text: t('subscription.command.save'), onClick: () => void save(), loading: vm.saving }
      }
    >
      <h1 className="visually-hidden">{t('subscription.command.title')}</h1>
      {vm.subscription === null && vm.choices.length > 0 ? (
        <Section header={t('subscription.commandChoice.title')}>
          {vm.choices.map((choice) => (
            <Cell
              key={choice.id}
              title={choice.name}
              subtitle={choice.command ?? undefined}
              chevron
              onClick={() => void vm.choose(choice.id)}
            />
          ))}
        </Section>
      ) : (
        <form
          className="subscription-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextInput
            label={t('subscription.command.label')}
            hint={t('subscription.command.hint', { name: vm.subscription?.name ?? '' })}
            value={vm.command}
            onChange={vm.change}
            onFocus={vm.focus}
            onBlur={vm.blur}
            inputRef={input}
            readOnly={vm.saving}
            placeholder={t('subscription.command.placeholder')}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        </form>
      )}
    </Screen>
  );
}

export default observer(SubscriptionCommandScreen);
