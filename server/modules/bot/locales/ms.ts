/** The bot's texts in Malay (./types.ts says what each one is for; ../texts.ts, its placeholders). */
import type { BotTexts } from './types';

export const ms: BotTexts = {
  commandStart: 'Buka Backers',
  commandHelp: 'Cara Backers berfungsi',
  menuButton: 'Buka',
  start:
    'Backers membolehkan pencipta saluran menjana pendapatan daripada langganan berbayar dan derma. Buka aplikasi untuk bermula.',
  startButton: 'Buka Backers',
  startWithLink: 'Ketik butang untuk meneruskan di Backers.',
  help: 'Pencipta: tambah bot ini ke saluran anda sebagai pentadbir, kemudian buat langganan dalam aplikasi.\nPengikut: bayar dengan butang di bawah hantaran, atau hantar arahan langganan seperti $vip untuk mendapatkan invoisnya.\n/start membuka aplikasi.',
  subscriptionOffer: '{name} di saluran {channel}',
  subscriptionButton: 'Langgan',
  unknownCommand: 'Tiada langganan dengan arahan ini. Semak dengan pencipta saluran.',
  payoutFailed:
    'Pengeluaran {amount} anda tidak berjaya: {reason}. Wang telah dikembalikan ke baki anda dan akan dihantar pada hari pengeluaran seterusnya. Semak butiran pengeluaran anda dalam aplikasi.',
  payoutFailureReasons: {
    account_details: 'butiran pengeluaran ditolak, semaknya dalam tetapan pengeluaran',
    declined: 'bank penerima menolaknya',
    card: 'kad pengeluaran tidak boleh digunakan lagi, tambahkannya semula dalam tetapan pengeluaran',
    provider: 'penyedia pembayaran tidak dapat menghantarnya',
  },
  adminSignIn: 'Pautan log masuk anda ke konsol pengendali Backers (sekali guna, sah selama 10 minit):\n{link}',
  adminRefused: 'Arahan ini hanya untuk pengendali Backers.',
  moderationApproved:
    'Saluran {channel} anda telah lulus semakan. Kini anda boleh menjual langganan dan menerima derma di sana.',
  moderationRejected: 'Saluran {channel} anda tidak lulus semakan: {reason}. Hubungi sokongan jika anda ada soalan.',
  renewalReminder:
    'Langganan {name} anda di saluran {channel} akan diperbaharui pada {date}: {amount} akan dicaj pada kad tersimpan anda. Anda boleh menukar kad atau membatalkan langganan dalam aplikasi.',
  renewalReminderPromo: 'Kod promo {code}: {amount} dan bukannya {full}.',
  renewalReminderRetention: 'Tawaran kekal anda: {amount} dan bukannya {full}.',
  renewalReminderButton: 'Buka',
  renewalFailed:
    'Kami tidak dapat mengecaj kad anda untuk {name} di saluran {channel}. Kami akan cuba lagi, dan akses anda kekal sehingga {date}. Bayar dengan kad lain untuk mengekalkannya.',
  renewalFailedButton: 'Bayar dengan kad lain',
  trialReminder:
    'Percubaan percuma {name} anda di saluran {channel} tamat pada {date}. Tiada caj automatik: untuk kekal, bayar {amount} pada masa itu, kami akan menghantar pautan. Anda boleh membatalkan dalam aplikasi.',
  trialEnded: 'Percubaan percuma {name} anda di saluran {channel} telah tamat. Bayar {amount} untuk terus melanggan.',
  trialEndedButton: 'Langgan',
  identityApproved:
    'Identiti anda telah disahkan. Kini anda boleh menambah bot ini ke saluran anda dan menjana pendapatan daripada langganan dan derma.',
  identityRejected: 'Kami tidak dapat mengesahkan identiti anda: {reason}. Hubungi sokongan jika anda ada soalan.',
  identityRetry: 'Semakan identiti anda tidak lulus: {reason}. Buka aplikasi untuk mencuba lagi.',
  identityNoReason: 'tiada butiran diberikan',
  paymentUnavailable: 'Pembayaran ini tidak boleh dibuat lagi. Buka aplikasi untuk melihat tawaran semasa.',
  goalOf: '{raised} daripada {goal}',
  goalRaised: '{raised} terkumpul',
  goalCount: 'derma: {count}',
  goalEnds: 'tamat {date}',
  goalEnded: 'telah tamat',
  goalReached: 'sasaran dicapai',
  goalReachedNotice: 'Permintaan derma {name} anda di {channel} telah mencapai sasarannya: {raised} daripada {goal}.',
  goalEndedNotice:
    'Permintaan derma {name} anda di {channel} telah tamat dengan {raised} terkumpul. Ia masih menerima derma, dan siarannya kini menunjukkan bahawa ia telah tamat.',
  paymentPriceChanged: 'Harga telah berubah. Buka semula invois dalam aplikasi untuk melihat harga baharu.',
  giftRefunded:
    'Hadiah {name} anda di {channel} tidak diterima dalam 30 hari, jadi kami memulangkan {amount} ke kad anda.',
  giftRefundedUnavailable:
    'Hadiah {name} anda di {channel} tidak boleh diterima lagi kerana langganan itu tidak lagi tersedia, jadi kami memulangkan {amount} ke kad anda.',
  giftAccepted: '{recipient} telah menerima hadiah {name} anda di {channel}.',
  giftTakenBack:
    'Hadiah {name} di {channel} yang anda terima telah dipulangkan kepada pemberinya, jadi masa yang belum digunakan ditarik balik. Akses anda kini sah sehingga {date}.',
};
