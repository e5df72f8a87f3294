/** The bot's texts in Serbian (Cyrillic) (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const sr: BotTexts = {
  commandStart: 'Отвори Backers',
  commandHelp: 'Како Backers ради',
  menuButton: 'Отвори',
  start:
    'Backers омогућава ауторима канала да зарађују од плаћених претплата и донација. Отворите апликацију да бисте почели.',
  startButton: 'Отвори Backers',
  startWithLink: 'Додирните дугме да бисте наставили у апликацији Backers.',
  help: 'Аутори: додајте овог бота у свој канал као администратора, а затим направите претплату у апликацији.\nПратиоци: платите дугметом испод објаве или пошаљите команду претплате, на пример $vip, да бисте добили рачун.\n/start отвара апликацију.',
  subscriptionOffer: '{name} у каналу {channel}',
  subscriptionButton: 'Претплати се',
  unknownCommand: 'Ниједна претплата нема ову команду. Проверите је са аутором канала.',
  payoutFailed:
    'Ваша исплата од {amount} није успела: {reason}. Новац је враћен на ваше стање и биће послат следећег дана исплате. Проверите податке за исплату у апликацији.',
  adminSignIn: 'Ваш линк за пријаву у конзолу за операторе сервиса Backers (једнократан, важи 10 минута):\n{link}',
  adminRefused: 'Ова команда је само за операторе сервиса Backers.',
  moderationApproved:
    'Ваш канал {channel} је прошао модерацију. Сада у њему можете да продајете претплате и примате донације.',
  moderationRejected: 'Ваш канал {channel} није прошао модерацију: {reason}. Ако имате питања, пишите подршци.',
  renewalReminder:
    'Ваша претплата {name} у каналу {channel} обнавља се {date}: са сачуване картице биће наплаћено {amount}. Картицу можете да промените или претплату да откажете у апликацији.',
  renewalReminderButton: 'Отвори',
  renewalFailed:
    'Нисмо успели да наплатимо претплату {name} у каналу {channel} са ваше картице. Покушаћемо поново, а приступ задржавате до {date}. Платите другом картицом да га не бисте изгубили.',
  renewalFailedButton: 'Плати другом картицом',
};
