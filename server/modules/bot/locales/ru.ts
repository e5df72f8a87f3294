/** The bot's texts in Russian (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const ru: BotTexts = {
  commandStart: 'Открыть Backers',
  commandHelp: 'Как работает Backers',
  menuButton: 'Открыть',
  start:
    'Backers помогает авторам каналов зарабатывать на платных подписках и донатах. Откройте приложение, чтобы начать.',
  startButton: 'Открыть Backers',
  startWithLink: 'Нажмите на кнопку, чтобы продолжить в Backers.',
  help: 'Авторам: добавьте этого бота в канал администратором и создайте подписку в приложении.\nПодписчикам: оплачивайте кнопкой под постом или отправьте команду подписки, например $vip, чтобы получить счёт.\n/start открывает приложение.',
  subscriptionOffer: '{name} в канале {channel}',
  subscriptionButton: 'Подписаться',
  unknownCommand: 'Подписки с такой командой нет. Уточните её у автора канала.',
  payoutFailed:
    'Выплата {amount} не прошла: {reason}. Деньги вернулись на баланс и уйдут в следующий день выплат. Проверьте реквизиты для выплат в приложении.',
  payoutFailureReasons: {
    account_details: 'реквизиты отклонены, проверьте их в настройках выплат',
    declined: 'банк получателя её отклонил',
    card: 'карта для выплат больше недоступна, добавьте её заново в настройках выплат',
    provider: 'платёжный провайдер не смог её отправить',
  },
  adminSignIn: 'Ваша ссылка для входа в консоль операторов Backers (одноразовая, действует 10 минут):\n{link}',
  adminRefused: 'Эта команда только для операторов Backers.',
  moderationApproved: 'Канал {channel} прошёл модерацию. Теперь в нём можно продавать подписки и принимать донаты.',
  moderationRejected: 'Канал {channel} не прошёл модерацию: {reason}. Если есть вопросы, напишите в поддержку.',
  renewalReminder:
    'Подписка {name} в канале {channel} продлится {date}: с сохранённой карты спишется {amount}. Сменить карту или отменить подписку можно в приложении.',
  renewalReminderButton: 'Открыть',
  renewalFailed:
    'Не удалось списать оплату за подписку {name} в канале {channel}. Мы попробуем ещё раз, а доступ сохранится до {date}. Оплатите другой картой, чтобы его не потерять.',
  renewalFailedButton: 'Оплатить другой картой',
};
