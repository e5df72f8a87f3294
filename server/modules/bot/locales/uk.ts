/** The bot's texts in Ukrainian (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const uk: BotTexts = {
  commandStart: 'Відкрити Backers',
  commandHelp: 'Як працює Backers',
  menuButton: 'Відкрити',
  start:
    'Backers допомагає авторам каналів заробляти на платних підписках і донатах. Відкрийте застосунок, щоб почати.',
  startButton: 'Відкрити Backers',
  startWithLink: 'Натисніть кнопку, щоб продовжити в Backers.',
  help: 'Авторам: додайте цього бота до свого каналу адміністратором, а потім створіть підписку в застосунку.\nПідписникам: оплачуйте кнопкою під дописом або надішліть команду підписки, наприклад $vip, щоб отримати рахунок на оплату.\n/start відкриває застосунок.',
  subscriptionOffer: '{name} у каналі {channel}',
  subscriptionButton: 'Підписатися',
  unknownCommand: 'Підписки з такою командою немає. Уточніть її в автора каналу.',
  payoutFailed:
    'Виплата {amount} не пройшла: {reason}. Гроші повернулися на баланс і будуть надіслані в наступний день виплат. Перевірте реквізити для виплат у застосунку.',
  adminSignIn: 'Ваше посилання для входу в консоль операторів Backers (одноразове, діє 10 хвилин):\n{link}',
  adminRefused: 'Ця команда лише для операторів Backers.',
  moderationApproved:
    'Ваш канал {channel} пройшов модерацію. Тепер у ньому можна продавати підписки й приймати донати.',
  moderationRejected: 'Ваш канал {channel} не пройшов модерацію: {reason}. Якщо маєте запитання, напишіть у підтримку.',
  renewalReminder:
    'Ваша підписка {name} у каналі {channel} продовжиться {date}: зі збереженої картки буде списано {amount}. Змінити картку або скасувати підписку можна в застосунку.',
  renewalReminderButton: 'Відкрити',
  renewalFailed:
    'Не вдалося списати оплату з вашої картки за підписку {name} у каналі {channel}. Ми спробуємо ще раз, а доступ збережеться до {date}. Оплатіть іншою карткою, щоб не втратити його.',
  renewalFailedButton: 'Оплатити іншою карткою',
};
