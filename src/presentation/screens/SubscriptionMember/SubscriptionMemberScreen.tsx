import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../domain/format';
import { Avatar, Button, Cell, Placeholder, Section } from '../../components';
import { READY } from '../../shell/screenState';
import { Screen } from '../../shell/Screen';
import '../Subscription/subscription.css';
import { userDisplayName } from '../../shared/userName';
import { memberDate } from './SubscriptionMemberViewModel';
import type { SubscriptionMemberViewModel } from './SubscriptionMemberViewModel';

/** /channel/:channelId/subscription/:subscriptionId/member/:memberId: the creator's view of one subscriber. */
function SubscriptionMemberScreen({ vm }: { vm: SubscriptionMemberViewModel }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const title = t('members.member.title');
  // The spec's failure state is its own ("Error loading member" with back), not the generic retry screen.
  if (vm.state.status === 'error') {
    return (
      <Screen title={title} state={READY}>
        <Placeholder
          title={t('members.member.errorTitle')}
          text={t('common.somethingWentWrong')}
          actions={<Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>}
        />
      </Screen>
    );
  }

  const { detail, statusKey, endRow, username } = vm;
  const language = i18n.language;
  return (
    <Screen title={title} state={vm.state}>
      {detail && (
        <>
          <header className="member-profile">
            <Avatar
              id={detail.user.id}
              name={userDisplayName(detail.user, '')}
              src={detail.user.photoUrl}
              size={80}
              decorative
            />
            <h1 className="member-profile__name">{userDisplayName(detail.user, '')}</h1>
            {username && <p className="member-profile__username">@{username}</p>}
          </header>
          <Section header={detail.subscription.name}>
            {statusKey && <Cell title={t('members.member.status')} after={t(statusKey)} />}
            <Cell title={t('members.member.period')} after={t(`subscription.period.${detail.member.period}`)} />
            <Cell title={t('members.member.price')} after={<span dir="ltr">{formatMoney(detail.member.price)}</span>} />
            <Cell title={t('members.member.started')} after={memberDate(detail.member.activatedAt, language)} />
            {endRow && (
              <Cell
                title={t(`members.member.${endRow.kind}`)}
                subtitle={
                  endRow.kind === 'expired'
                    ? undefined
                    : t(endRow.kind === 'renews' ? 'members.member.renewsIn' : 'members.member.expiresIn', {
                        count: endRow.days,
                      })
                }
                after={memberDate(endRow.at, language)}
              />
            )}
          </Section>
          {username && (
            <div className="subscription-screen-actions">
              <Button stretched size="large" onClick={vm.message}>
                {t('members.member.message')}
              </Button>
            </div>
          )}
        </>
      )}
    </Screen>
  );
}

export default observer(SubscriptionMemberScreen);
