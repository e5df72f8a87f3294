import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TOKENS } from '../../../di/tokens';
import { useViewModel } from '../../app/useViewModel';
import { TextInput } from '../../components';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';

function idFrom(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /channel/:id/subscription/command?subscriptionId=: the bot command that shows the subscription. */
function SubscriptionCommandScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const vm = useViewModel(TOKENS.SubscriptionCommandViewModel, idFrom(search.get('subscriptionId')));
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
