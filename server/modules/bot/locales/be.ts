/** The bot's texts in Belarusian (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const be: BotTexts = {
  commandStart: 'Адкрыць Backers',
  commandHelp: 'Як працуе Backers',
  menuButton: 'Адкрыць',
  start:
    'Backers дапамагае аўтарам каналаў зарабляць на платных падпісках і ахвяраваннях. Адкрыйце праграму, каб пачаць.',
  startButton: 'Адкрыць Backers',
  startWithLink: 'Націсніце кнопку, каб працягнуць у Backers.',
  help: 'Аўтарам: дадайце гэтага бота ў свой канал адміністратарам, а потым стварыце падпіску ў праграме.\nПадпісчыкам: плаціце кнопкай пад пастом або адпраўце каманду падпіскі, напрыклад $vip, каб атрымаць рахунак на аплату.\n/start адкрывае праграму.',
  subscriptionOffer: '{name} у канале {channel}',
  subscriptionButton: 'Падпісацца',
  unknownCommand: 'Падпіскі з такой камандай няма. Удакладніце яе ў аўтара канала.',
  payoutFailed:
    'Выплата {amount} не прайшла: {reason}. Грошы вярнуліся на баланс і будуць выплачаны ў наступны дзень выплат. Праверце рэквізіты для выплат у праграме.',
  adminSignIn: 'Ваша спасылка для ўваходу ў кансоль аператараў Backers (аднаразовая, дзейнічае 10 хвілін):\n{link}',
  adminRefused: 'Гэтая каманда толькі для аператараў Backers.',
  moderationApproved:
    'Ваш канал {channel} прайшоў мадэрацыю. Цяпер у ім можна прадаваць падпіскі і прымаць ахвяраванні.',
  moderationRejected: 'Ваш канал {channel} не прайшоў мадэрацыю: {reason}. Калі ёсць пытанні, напішыце ў падтрымку.',
  renewalReminder:
    'Ваша падпіска {name} у канале {channel} падоўжыцца {date}: з захаванай карткі будзе спісана {amount}. Змяніць картку або скасаваць падпіску можна ў праграме.',
  renewalReminderButton: 'Адкрыць',
  renewalFailed:
    'Не ўдалося спісаць аплату з вашай карткі за падпіску {name} у канале {channel}. Мы паспрабуем яшчэ раз, а доступ захаваецца да {date}. Аплаціце іншай карткай, каб не страціць яго.',
  renewalFailedButton: 'Аплаціць іншай карткай',
};
