import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Avatar, Cell, Placeholder, Section, Switch } from '../../components';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';
import type { SubscriptionPreviewViewModel } from './SubscriptionPreviewViewModel';

/** /channel/:channelId/subscription/:subscriptionId/preview: the post as the bot will send it, pin and sound, publish. */
function SubscriptionPreviewScreen({ vm }: { vm: SubscriptionPreviewViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const publish = async () => {
    if (await vm.publish()) void navigate(-1);
  };
  const { subscription, channel } = vm;

  return (
    <Screen
      title={t('subscription.preview.title')}
      state={vm.state}
      onRetry={() => void vm.load()}
      mainButton={
        vm.canPublish
          ? { text: t(vm.publishButtonKey), onClick: () => void publish(), loading: vm.publishing }
          : undefined
      }
    >
      <h1 className="visually-hidden">{t('subscription.preview.title')}</h1>
      {subscription && channel && !vm.canPublish && (
        <Placeholder
          level={2}
          title={t('subscription.preview.notPublicTitle')}
          text={t('subscription.preview.privateText')}
        />
      )}
      {subscription && channel && vm.canPublish && (
        <>
          <Section header={t('subscription.preview.channel')}>
            <Cell
              title={channel.name}
              subtitle={channel.userName ? `@${channel.userName}` : undefined}
              before={<Avatar id={channel.id} name={channel.name} src={channel.photoUrl} decorative />}
            />
          </Section>
          <section aria-labelledby="message-preview-heading">
            <h2 className="section__header" id="message-preview-heading">
              {t('subscription.preview.message')}
            </h2>
            <div className="message-preview" data-testid="message-preview">
              <p className="message-preview__text">
                <span className="message-preview__title">{subscription.name}</span>
                {'\n\n'}
                {subscription.description}
              </p>
              {/* The post's button as subscribers will see it; it does nothing here. */}
              <span className="message-preview__button">{subscription.buttonText}</span>
            </div>
          </section>
          <Section header={t('subscription.preview.options')} footer={t('subscription.preview.optionsFooter')}>
            <Cell
              as="label"
              title={t('subscription.preview.pin')}
              after={<Switch checked={vm.pin} onChange={vm.setPin} disabled={vm.publishing} />}
            />
            <Cell
              as="label"
              title={t('subscription.preview.sound')}
              after={<Switch checked={!vm.disableNotification} onChange={vm.setSound} disabled={vm.publishing} />}
            />
          </Section>
        </>
      )}
    </Screen>
  );
}

export default observer(SubscriptionPreviewScreen);
