import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { formatMoney } from '../../../domain/format';
import { Avatar, Button, Cell, Placeholder, Section, Switch } from '../../components';
import { Screen } from '../../shell/Screen';
import '../DonationForm/donation.css';
import type { DonationPreviewViewModel } from './DonationPreviewViewModel';

/** /invoice/donation/:channelId/preview: the channel, the post as the bot will send it, pin and sound-off, publish. */
function DonationPreviewScreen({ vm }: { vm: DonationPreviewViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const channelId = Number(useParams().channelId);
  const cameFromForm = (location.state as { fromForm?: boolean } | null)?.fromForm === true;

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const publish = async () => {
    if (!(await vm.publish())) return;
    const posted = vm.posted;
    // A request with a goal opens its own screen, which shows the progress (its Back goes to the channel).
    if (posted?.progress)
      void navigate(`/channel/${channelId}/donation/${posted.id}`, {
        replace: true,
        state: { fromForm: cameFromForm },
      });
    // Back past the form to the channel (its onboarding step may have advanced); straight there otherwise.
    else if (cameFromForm) void navigate(-2);
    else void navigate(`/channel/${channelId}`, { replace: true });
  };

  const { form, channel } = vm;
  const suggested = vm.suggestedAmount;

  return (
    <Screen
      title={t('donation.preview.title')}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={
        vm.canPublish
          ? { text: t(vm.publishButtonKey), onClick: () => void publish(), loading: vm.publishing }
          : undefined
      }
    >
      <h1 className="visually-hidden">{t('donation.preview.title')}</h1>
      {form === null && (
        <Placeholder
          level={2}
          title={t('donation.preview.noDraftTitle')}
          text={t('donation.preview.noDraftText')}
          actions={
            <Button onClick={() => void navigate(`/channel/${channelId}/donation/create`, { replace: true })}>
              {t('donation.preview.toForm')}
            </Button>
          }
        />
      )}
      {form && channel && !channel.connected && (
        <Placeholder
          level={2}
          title={t('donation.preview.disconnectedTitle')}
          text={t('donation.preview.disconnectedText')}
          actions={<Button onClick={() => void navigate('/connectbot')}>{t('donation.preview.reconnect')}</Button>}
        />
      )}
      {form && channel && (
        <>
          <Section header={t('donation.preview.channel')}>
            <Cell
              title={channel.name}
              subtitle={channel.userName ? `@${channel.userName}` : undefined}
              before={<Avatar id={channel.id} name={channel.name} src={channel.photoUrl} decorative />}
            />
          </Section>
          <section aria-labelledby="donation-message-preview-heading">
            <h2 className="section__header" id="donation-message-preview-heading">
              {t('donation.preview.message')}
            </h2>
            <div className="donation-preview-message" data-testid="message-preview">
              {vm.image && (
                <img
                  className="donation-preview-message__image"
                  src={vm.image.previewUrl}
                  alt={t('donation.image.alt')}
                />
              )}
              <p className="donation-preview-message__text">
                <span className="donation-preview-message__title">{form.title.trim()}</span>
                {'\n\n'}
                {form.description.trim()}
              </p>
              <span className="donation-preview-message__amount section__footer">
                {suggested
                  ? t('donation.preview.suggestedAmount', { amount: formatMoney(suggested) })
                  : t('donation.preview.donorChooses')}
              </span>
              {/* The post's button as subscribers will see it; it does nothing here. */}
              <span className="donation-preview-message__button">{form.buttonText.trim()}</span>
            </div>
          </section>
          <Section header={t('donation.preview.options')} footer={t('donation.preview.optionsFooter')}>
            <Cell
              as="label"
              title={t('donation.preview.pin')}
              after={<Switch checked={vm.pin} onChange={vm.setPin} disabled={vm.publishing} />}
            />
            <Cell
              as="label"
              title={t('donation.preview.silent')}
              after={<Switch checked={vm.disableNotification} onChange={vm.setSilent} disabled={vm.publishing} />}
            />
          </Section>
        </>
      )}
    </Screen>
  );
}

export default observer(DonationPreviewScreen);
