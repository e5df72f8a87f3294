import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKENS } from '../../../di/tokens';
import { useService } from '../../app/resolver';
import type { DeleteChannelDialogs } from './channelDeletion';

const DELETE_BUTTON = 'delete';

/** The delete flow's host popups with translated texts: the blocked notice and the destructive confirmation. */
export function useDeleteChannelDialogs(channelName: string): DeleteChannelDialogs {
  const { t } = useTranslation();
  const platform = useService(TOKENS.MessengerPlatform);
  return useMemo(
    () => ({
      async showBlocked() {
        await platform.showPopup({
          title: t('channel.delete.blockedTitle'),
          message: t('channel.delete.blockedText'),
          buttons: [{ id: 'ok', type: 'ok' }],
        });
      },
      async confirm() {
        const pressed = await platform.showPopup({
          title: t('channel.delete.confirmTitle'),
          message: t('channel.delete.confirmText', { name: channelName }),
          buttons: [
            { id: 'cancel', type: 'cancel' },
            { id: DELETE_BUTTON, type: 'destructive', text: t('channel.delete.confirmButton') },
          ],
        });
        return pressed === DELETE_BUTTON;
      },
    }),
    [platform, t, channelName],
  );
}
