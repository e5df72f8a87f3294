import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TextInput } from '../../components';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';
import type { SubscriptionCommandViewModel } from './SubscriptionCommandViewModel';

/** /channel/:id/subscription/command?subscriptionId=: the bot command that shows the subscription. */
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
      onRetry={vm.subscriptionId === null ? undefined : () => void vm.load()}
      mainButton={{ text: t('subscription.command.save'), onClick: () => void save(), loading: vm.saving }}
    >
      <h1 className="visually-hidden">{t('subscription.command.title')}</h1>
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
    </Screen>
  );
}

export default observer(SubscriptionCommandScreen);
