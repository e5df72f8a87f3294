/**
 * What the bot says in private chats, in the languages its command menu is registered in (issue 13: en, ru, id);
 * anyone else reads English. Placeholders: {name}, {channel}, {amount}, {reason}, {link}, {date}.
 */
export type BotLanguage = 'en' | 'ru' | 'id';
export const BOT_LANGUAGES: readonly BotLanguage[] = ['en', 'ru', 'id'];

export interface BotTexts {
  readonly commandStart: string;
  readonly commandHelp: string;
  readonly menuButton: string;
  readonly start: string;
  readonly startButton: string;
  readonly startWithLink: string;
  readonly help: string;
  readonly subscriptionOffer: string;
  readonly subscriptionButton: string;
  readonly unknownCommand: string;
  readonly payoutFailed: string;
  /** The answer to /admin for an operator: a one-time sign-in link to the operator console. */
  readonly adminSignIn: string;
  /** The answer to /admin for anyone else (no link is made). */
  readonly adminRefused: string;
  readonly moderationApproved: string;
  readonly moderationRejected: string;
  /** Three days before a renewal charge (fewer lost renewals). */
  readonly renewalReminder: string;
  readonly renewalReminderButton: string;
  /** Right after a failed renewal attempt: a one-tap way to pay with another card before access ends. */
  readonly renewalFailed: string;
  readonly renewalFailedButton: string;
}

const TEXTS: Record<BotLanguage, BotTexts> = {
  en: {
    commandStart: 'Open Backers',
    commandHelp: 'How Backers works',
    menuButton: 'Open',
    start: 'Backers lets channel creators earn from paid subscriptions and donations. Open the app to get started.',
    startButton: 'Open Backers',
    startWithLink: 'Tap the button to continue in Backers.',
    help: 'Creators: add this bot to your channel as an administrator, then create a subscription in the app.\nFollowers: pay with the button under a post, or send a subscription\'s command like $vip to get its invoice.\n/start opens the app.',
    subscriptionOffer: '{name} in {channel}',
    subscriptionButton: 'Subscribe',
    unknownCommand: 'No subscription has this command. Check it with the channel\'s creator.',
    payoutFailed: 'Your payout of {amount} did not go through: {reason}. The money is back in your balance and goes out on the next payout day. Check your payout details in the app.',
    adminSignIn: 'Your sign-in link to the Backers operator console (works once, for 10 minutes):\n{link}',
    adminRefused: 'This command is for Backers operators only.',
    moderationApproved: 'Your channel {channel} passed moderation. You can now sell subscriptions and take donations there.',
    moderationRejected: 'Your channel {channel} did not pass moderation: {reason}. Write to support if you have questions.',
    renewalReminder: 'Your subscription {name} in {channel} renews on {date}: {amount} will be charged to your saved card. You can change the card or cancel in the app.',
    renewalReminderButton: 'Open',
    renewalFailed: 'We could not charge your card for {name} in {channel}. We will try again, and your access stays until {date}. Pay with another card to keep it.',
    renewalFailedButton: 'Pay with another card',
  },
  ru: {
    commandStart: 'Открыть Backers',
    commandHelp: 'Как работает Backers',
    menuButton: 'Открыть',
    start: 'Backers помогает авторам каналов зарабатывать на платных подписках и донатах. Откройте приложение, чтобы начать.',
    startButton: 'Открыть Backers',
    startWithLink: 'Нажмите на кнопку, чтобы продолжить в Backers.',
    help: 'Авторам: добавьте этого бота в канал администратором и создайте подписку в приложении.\nПодписчикам: оплачивайте кнопкой под постом или отправьте команду подписки, например $vip, чтобы получить счёт.\n/start открывает приложение.',
    subscriptionOffer: '{name} в канале {channel}',
    subscriptionButton: 'Подписаться',
    unknownCommand: 'Подписки с такой командой нет. Уточните её у автора канала.',
    payoutFailed: 'Выплата {amount} не прошла: {reason}. Деньги вернулись на баланс и уйдут в следующий день выплат. Проверьте реквизиты для выплат в приложении.',
    adminSignIn: 'Ваша ссылка для входа в консоль операторов Backers (одноразовая, действует 10 минут):\n{link}',
    adminRefused: 'Эта команда только для операторов Backers.',
    moderationApproved: 'Канал {channel} прошёл модерацию. Теперь в нём можно продавать подписки и принимать донаты.',
    moderationRejected: 'Канал {channel} не прошёл модерацию: {reason}. Если есть вопросы, напишите в поддержку.',
    renewalReminder: 'Подписка {name} в канале {channel} продлится {date}: с сохранённой карты спишется {amount}. Сменить карту или отменить подписку можно в приложении.',
    renewalReminderButton: 'Открыть',
    renewalFailed: 'Не удалось списать оплату за подписку {name} в канале {channel}. Мы попробуем ещё раз, а доступ сохранится до {date}. Оплатите другой картой, чтобы его не потерять.',
    renewalFailedButton: 'Оплатить другой картой',
  },
  id: {
    commandStart: 'Buka Backers',
    commandHelp: 'Cara kerja Backers',
    menuButton: 'Buka',
    start: 'Backers membantu pembuat kanal mendapatkan penghasilan dari langganan berbayar dan donasi. Buka aplikasi untuk memulai.',
    startButton: 'Buka Backers',
    startWithLink: 'Ketuk tombol untuk melanjutkan di Backers.',
    help: 'Pembuat kanal: tambahkan bot ini ke kanal Anda sebagai administrator, lalu buat langganan di aplikasi.\nPengikut: bayar dengan tombol di bawah postingan, atau kirim perintah langganan seperti $vip untuk mendapatkan tagihannya.\n/start membuka aplikasi.',
    subscriptionOffer: '{name} di {channel}',
    subscriptionButton: 'Berlangganan',
    unknownCommand: 'Tidak ada langganan dengan perintah ini. Tanyakan kepada pembuat kanal.',
    payoutFailed: 'Pembayaran {amount} Anda tidak berhasil: {reason}. Dananya sudah kembali ke saldo Anda dan akan dikirim pada hari pembayaran berikutnya. Periksa detail pembayaran Anda di aplikasi.',
    adminSignIn: 'Tautan masuk Anda ke konsol operator Backers (sekali pakai, berlaku 10 menit):\n{link}',
    adminRefused: 'Perintah ini hanya untuk operator Backers.',
    moderationApproved: 'Kanal {channel} Anda lolos moderasi. Sekarang Anda dapat menjual langganan dan menerima donasi di sana.',
    moderationRejected: 'Kanal {channel} Anda tidak lolos moderasi: {reason}. Hubungi dukungan jika ada pertanyaan.',
    renewalReminder: 'Langganan {name} Anda di {channel} diperpanjang pada {date}: {amount} akan ditagihkan ke kartu tersimpan Anda. Anda dapat mengganti kartu atau membatalkan langganan di aplikasi.',
    renewalReminderButton: 'Buka',
    renewalFailed: 'Kami tidak dapat menagih kartu Anda untuk {name} di {channel}. Kami akan mencoba lagi, dan akses Anda tetap aktif hingga {date}. Bayar dengan kartu lain agar akses tidak hilang.',
    renewalFailedButton: 'Bayar dengan kartu lain',
  },
};

/** The texts for a Telegram language_code ("pt-br" → en, "ru" → ru). */
export function botTexts(languageCode: string | undefined | null): BotTexts {
  const base = (languageCode ?? 'en').toLowerCase().split('-')[0] as BotLanguage;
  return TEXTS[BOT_LANGUAGES.includes(base) ? base : 'en'];
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
