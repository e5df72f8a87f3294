import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { NavigateFunction } from 'react-router-dom';
import { ONBOARDING_ORDER } from '../../../domain/channel';
import type { OnboardingStep } from '../../../domain/entities';
import { Button, Cell, Icon, Placeholder, Section } from '../../components';
import type { MainButtonConfig } from '../../shell/hostButtons';
import { LanguageList } from '../../shared/LanguageList';
import { DisconnectedRow } from './DisconnectedRow';
import type { ChannelViewModel } from './ChannelViewModel';
import { channelPaths } from '../../shared/channelLinks';

type Step = Exclude<OnboardingStep, 'completed'>;

/** The steps a creator walks through; "completed" is the main view. */
const STEP_COUNT = ONBOARDING_ORDER.length - 1;

/**
 * The host main button of each onboarding step: save the language, create a subscription, publish it (public) or
 * continue after sharing the link (private), request a donation. Steps that make the bot act need it connected.
 */
export function onboardingMainButton(
  vm: ChannelViewModel,
  step: Step,
  navigate: NavigateFunction,
  t: (key: string) => string,
): MainButtonConfig {
  const paths = channelPaths(vm.channelId);
  switch (step) {
    case 'select_language':
      return {
        text: t('onboarding.language.save'),
        onClick: () => void vm.saveLanguage(),
        enabled: vm.selectedLanguage !== null,
        loading: vm.busy,
      };
    case 'create_subscription':
      return {
        text: t('onboarding.subscription.create'),
        onClick: () => void navigate(paths.createSubscription),
        enabled: vm.actionsEnabled && !vm.busy,
      };
    case 'subscription_created': {
      const subscription = vm.createdSubscription;
      if (vm.isPublic && subscription !== null) {
        return {
          text: t('onboarding.publish.preview'),
          onClick: () => void navigate(paths.preview(subscription.id)),
          enabled: vm.actionsEnabled && !vm.busy,
        };
      }
      return { text: t('common.continue'), onClick: () => void vm.skipStep(), loading: vm.busy };
    }
    case 'request_donation':
      return {
        text: t('onboarding.donation.create'),
        onClick: () => void navigate(paths.createDonation),
        enabled: vm.actionsEnabled && !vm.busy,
      };
  }
}

function SkipButton({ vm }: { readonly vm: ChannelViewModel }) {
  const { t } = useTranslation();
  return (
    <Button mode="plain" onClick={() => void vm.skipStep()} loading={vm.busy}>
      {t('onboarding.skip')}
    </Button>
  );
}

const SelectLanguageStep = observer(function SelectLanguageStep({ vm }: { readonly vm: ChannelViewModel }) {
  const { t } = useTranslation();
  return (
    <>
      <Placeholder
        level={1}
        icon={<Icon name="info" size={48} />}
        title={t('onboarding.language.title')}
        text={t('onboarding.language.text')}
      />
      <LanguageList
        label={t('onboarding.language.listLabel')}
        languages={vm.languages}
        value={vm.selectedLanguage}
        onChange={vm.selectLanguage}
        disabled={vm.busy}
      />
    </>
  );
});

const SubscriptionCreatedStep = observer(function SubscriptionCreatedStep({ vm }: { readonly vm: ChannelViewModel }) {
  const { t } = useTranslation();
  if (vm.isPublic && vm.createdSubscription !== null) {
    return (
      <Placeholder
        level={1}
        icon={<Icon name="check" size={48} />}
        title={t('onboarding.publish.title')}
        text={t('onboarding.publish.text')}
        actions={<SkipButton vm={vm} />}
      />
    );
  }
  const link = vm.shareLink;
  return (
    <>
      <Placeholder
        level={1}
        icon={<Icon name="check" size={48} />}
        title={t('onboarding.share.title')}
        text={t('onboarding.share.text')}
      />
      {link !== null && (
        <Section header={t('onboarding.share.linkLabel')}>
          <Cell title={<span className="channel-link">{link}</span>} />
          <Cell
            onClick={() => void vm.copyShareLink()}
            before={<Icon name="copy" size={22} />}
            title={t('onboarding.share.copy')}
          />
        </Section>
      )}
    </>
  );
});

/** The onboarding step the channel is at (spec section 4). */
export const ChannelOnboarding = observer(function ChannelOnboarding({
  vm,
  step,
}: {
  readonly vm: ChannelViewModel;
  readonly step: Step;
}) {
  const { t } = useTranslation();
  const stepNumber = ONBOARDING_ORDER.indexOf(step) + 1;
  return (
    <div className="channel-onboarding" data-step={step}>
      <p className="channel-onboarding__progress">
        {t('onboarding.progress', { step: stepNumber, total: STEP_COUNT })}
      </p>
      {vm.isDisconnected && step !== 'select_language' && <DisconnectedRow />}
      {step === 'select_language' && <SelectLanguageStep vm={vm} />}
      {step === 'create_subscription' && (
        <Placeholder
          level={1}
          icon={<Icon name="star" size={48} />}
          title={t('onboarding.subscription.title')}
          text={t('onboarding.subscription.text')}
          actions={<SkipButton vm={vm} />}
        />
      )}
      {step === 'subscription_created' && <SubscriptionCreatedStep vm={vm} />}
      {step === 'request_donation' && (
        <Placeholder
          level={1}
          icon={<Icon name="heart" size={48} />}
          title={t('onboarding.donation.title')}
          text={t('onboarding.donation.text')}
          actions={<SkipButton vm={vm} />}
        />
      )}
    </div>
  );
});
